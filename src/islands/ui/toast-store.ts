import { useSyncExternalStore, type ReactNode } from 'react';

export type ToastKind = 'success' | 'error' | 'info';
/** A control in the toast (Undo), drawn by the feature that offers it, given the toast's dismissal. */
type ToastAction = (dismiss: () => void) => ReactNode;
type ToastOptions = { action?: ToastAction; ms?: number; focus?: boolean };
/** `focus`: the toast answers a button that went away with its own toast, so its Dismiss takes the focus. */
export type Toast = { id: number; kind: ToastKind; message: string } & Pick<ToastOptions, 'action' | 'focus'>;

/** How long a toast stays before it dismisses itself. */
const TOAST_MS = 6000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/**
 * Shows a message to the user, in place of any earlier one: an outcome that is no longer true
 * (a failure before the retry that worked) must not stay beside the new one. Errors are announced
 * assertively, the rest politely. A toast with an action stays `ms` (the time the action is good for).
 */
export function showToast(kind: ToastKind, message: string, { ms, ...rest }: ToastOptions = {}): void {
  const id = nextId++;
  toasts = [{ id, kind, message, ...rest }];
  emit();
  window.setTimeout(() => dismissToast(id), ms ?? TOAST_MS);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}

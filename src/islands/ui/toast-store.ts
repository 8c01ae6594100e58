import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error' | 'info';
/** A button in the toast (Undo): it dismisses the toast and runs. */
export type ToastAction = { label: string; run: () => void };
export type Toast = { id: number; kind: ToastKind; message: string; action?: ToastAction | undefined };

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
export function showToast(kind: ToastKind, message: string, options: { action?: ToastAction; ms?: number } = {}): void {
  const id = nextId++;
  toasts = [{ id, kind, message, action: options.action }];
  emit();
  window.setTimeout(() => dismissToast(id), options.ms ?? TOAST_MS);
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

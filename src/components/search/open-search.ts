// Bundled on its own by Vite's worker build (run as a plain script here) so that it is imported by
// URL: a literal import() would add Vite's preload helper, 0.7 KB gzip, to every page's scripts.
import dialogScript from './search-dialog?worker&url';

/** Keys typed into these go to the field, not to the `/` shortcut. */
const TYPING = 'input, textarea, select, [contenteditable]';

/**
 * Opens the search dialog from the header button or the `/` key and hands focus back to the button
 * when it closes. The rest of the dialog's code and the index load on the first open.
 */
export function setUpSearch(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-search-open]');
  const dialog = document.querySelector<HTMLDialogElement>('[data-search-dialog]');
  if (!button || !dialog) return;
  let loading: Promise<unknown> | undefined;

  const open = () => {
    if (dialog.open) return;
    dialog.showModal();
    loading ??= import(/* @vite-ignore */ dialogScript).catch(() => (loading = undefined));
  };

  button.addEventListener('click', open);
  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
    if ((event.target as Element).closest(TYPING)) return;
    event.preventDefault();
    open();
  });
  // One Escape closes the dialog: Chromium's search field would otherwise spend the first one clearing its text.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.isComposing) return;
    event.preventDefault();
    dialog.close();
  });
  dialog.addEventListener('close', () => button.focus());
}

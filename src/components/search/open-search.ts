/** Keys typed into these go to the field, not to the `/` shortcut. */
const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/**
 * Opens the search dialog from the header button or the `/` key and hands focus back to the button
 * when it closes. The search code and its index are fetched on the first open only.
 */
export function setUpSearch(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-search-open]');
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-search-dialog]');
  const input = dialog?.querySelector<HTMLInputElement>('[data-search-input]');
  if (!button || !dialog || !input) return;
  let loaded = false;

  const open = () => {
    if (dialog.open) return;
    dialog.showModal();
    input.select();
    if (loaded) return;
    loaded = true;
    import('./search-dialog').then(({ setUpSearchDialog }) => setUpSearchDialog(dialog)).catch(() => (loaded = false));
  };

  button.addEventListener('click', open);
  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (event.target instanceof Element && event.target.closest(TYPING)) return;
    event.preventDefault();
    open();
  });
  dialog.addEventListener('close', () => button.focus({ preventScroll: true }));
  // A click on the backdrop (the <dialog> itself, not its content) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.querySelector('[data-search-close]')?.addEventListener('click', () => dialog.close());
}

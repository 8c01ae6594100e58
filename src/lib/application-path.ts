/**
 * The applicant's private page; a mailed link adds `/{token}`, which the page takes out of the address
 * bar. A module of its own, so the careers board links to it without loading the page's texts.
 */
export const APPLICATION_PAGE_PATH = '/application';

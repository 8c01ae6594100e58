/** Base URL of the API: same origin by default, another host when the site is deployed on a CDN. */
const API_BASE_URL: string = (import.meta.env['PUBLIC_API_URL'] as string | undefined)?.replace(/\/$/, '') || '/api';

export const apiUrl = (path: string): string => `${API_BASE_URL}${path}`;

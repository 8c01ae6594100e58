/**
 * Every public page of the site, for the tests (checked against the build by
 * tests/e2e/budgets.spec.ts) and the benches. Add a new page here. Articles and tag pages that
 * editors add later need no line here: the budgets test derives them from content/articles.
 */
export const PUBLIC_PAGES = [
  '/',
  '/iip',
  '/iem',
  '/iis',
  '/design',
  '/hardware',
  '/methodology',
  '/iot',
  '/drone',
  '/smart-vision',
  '/industrials',
  '/robotics',
  '/automotive',
  '/blogs',
  '/tags',
  '/biis',
  '/eip',
  '/mlops',
  '/ipg',
  '/edgeai',
  '/security',
  '/early-access',
  '/about',
  '/terms',
  '/privacy',
  '/career',
  '/career/open-application',
  '/adminlogin',
  '/application',
  '/alerts/subscribe',
  '/alerts/confirm',
  '/alerts/unsubscribe',
] as const;

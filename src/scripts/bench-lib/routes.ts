/** Every public route (SPEC §2 screens a visitor reaches without a login), for the benches. */
export const PUBLIC_ROUTES = [
  '/', '/iip', '/iem', '/iis', '/design', '/iot', '/drone', '/smart-vision', '/industrials', '/robotics',
  '/blogs', '/biis', '/eip', '/mlops', '/ipg', '/edgeai', '/career', '/adminlogin',
] as const;

/**
 * Company facts: the one place a deployer edits name, address, contacts, socials and links.
 * Placeholder hosts use example.com on purpose; replace them with the real domains before launch.
 */

export const site = {
  /** Trading name shown in the header, footer, titles and structured data. */
  name: 'EdgeCraft AI',
  /** Legal entity name for the footer and JSON-LD. */
  legalName: 'EdgeCraft AI Technologies Pvt. Ltd.',
  tagline: 'Craft smarter. Code faster. Create with AI.',
  description:
    'EdgeCraft AI is a multi-agent generative-AI platform for embedded, edge and IoT product development: from Python ML pipeline to hardware-optimised firmware.',
  /** Canonical origin of the public site (used for canonical URLs, sitemap, RSS, Open Graph). */
  url: 'https://www.example.com',
  /**
   * The Developer Portal's address, set when the portal opens with general availability. Until then null, and
   * the header's Developer Portal link goes to /developers, which says so and lists what a developer can read now.
   */
  developerPortalUrl: null as string | null,
  logo: '/images/logo.svg',
  ogImage: '/images/og-default.png',
  // The street address and phone number are deliberately fictional (an "Example" park, an all-zero
  // number that no exchange assigns) so they cannot reach a real business: replace both before going live.
  address: {
    street: '4th Floor, Example Tech Park, 1 Sample Road',
    locality: 'Bengaluru',
    region: 'Karnataka',
    postalCode: '560103',
    country: 'India',
    countryCode: 'IN',
  },
  // Non-breaking spaces: a phone number never wraps across lines.
  phone: { display: '+91\u00a080\u00a00000\u00a00000', href: 'tel:+918000000000' },
  emails: {
    sales: 'hello@example.com',
    careers: 'careers@example.com',
    support: 'support@example.com',
    /** Requests for a copy or the deletion of personal data (named in the privacy notice). */
    privacy: 'privacy@example.com',
    /** Where to report a vulnerability (README: Security). */
    security: 'security@example.com',
  },
  socials: [
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/example' },
    { name: 'GitHub', href: 'https://github.com/example' },
    { name: 'YouTube', href: 'https://www.youtube.com/@example' },
    { name: 'X', href: 'https://x.com/example' },
  ],
} as const;

/**
 * Where the products stand: the one statement of it, used by the product pages, the home page's
 * offerings, the hardware page and /early-access. Change it here when a product leaves early access.
 */
export const productStatus = {
  /** The stage all three products are in. */
  stage: 'Early Access',
  /** One sentence for pages that state it. */
  summary:
    'The Intelligent Pipeline Generator, Intelligent Edge ML Ops and the Intelligent IoT SDK are all in the Early Access Program: none of them is generally available yet.',
  /** What the subscription is while the products are in early access. */
  subscription:
    'Early Access participants work under the early access terms; the monthly subscription described here is how the platform will be offered once it leaves early access, and participants may move to it.',
  /** What is known about the price: the one statement of it, until a price is set. */
  pricing:
    'The platform is free during early access. The price of the monthly subscription after it is not set yet; we will publish it on this site before general availability, and nothing signed for a pilot commits you to it.',
  /** Where the platform's release notes stand: the one statement of it, until the first release. */
  releaseNotes:
    'Release notes for the platform start with its first release, and they will be published on this page. None is published yet: the platform is in early access, and what changes between pilot builds is written up for each pilot by our engineers.',
  /** Where developer documentation is while the Developer Portal is not open. */
  documentation:
    'The Developer Portal opens with general availability. Until then, the documentation, API samples and reports for a pilot come with the pilot, from our engineers.',
} as const;

/** How soon a person who writes to us hears back: the one home of this promise. */
export const replyTime = 'within one business day';

/** How soon a vulnerability report is answered (/security, README: Security). */
export const securityReplyTime = 'within a few working days';

export type NavLink = { label: string; href: string };
/** A header menu: the pages of a content collection (by their titles, in sidebar order), then its links. */
export type HeaderMenu = {
  label: string;
  /** The pages of this content collection, listed first, by their titles. */
  pages?: 'products' | 'verticals';
  links: readonly NavLink[];
};

/** The header's menus: Products, Industries and Company (the top-level links below sit beside them). */
export const headerMenus: readonly HeaderMenu[] = [
  {
    label: 'Products',
    pages: 'products',
    links: [
      { label: 'Supported hardware', href: '/hardware' },
      { label: 'Works with vendor tools', href: '/works-with' },
      { label: 'Release notes', href: '/changelog' },
      { label: 'Product design', href: '/design' },
    ],
  },
  { label: 'Industries', pages: 'verticals', links: [] },
  {
    label: 'Company',
    links: [
      { label: 'About us', href: '/about' },
      { label: 'Security', href: '/security' },
      { label: 'How we measure', href: '/methodology' },
      { label: 'Blog', href: '/blogs' },
    ],
  },
];

/** The header's top-level links beside the menus, on every screen; Contact Us scrolls when the page has the form. */
export const headerLinks: readonly (NavLink & { external?: boolean })[] = [
  site.developerPortalUrl
    ? { label: 'Developer Portal', href: site.developerPortalUrl, external: true }
    : { label: 'Developer Portal', href: '/developers' },
  { label: 'Careers', href: '/career' },
  { label: 'Contact Us', href: '/#contact' },
];

/** Footer links beside the product and vertical pages (which come from content/). */
export const companyLinks: readonly NavLink[] = [
  { label: 'Product design', href: '/design' },
  { label: 'Supported hardware', href: '/hardware' },
  { label: 'Works with vendor tools', href: '/works-with' },
  { label: 'Release notes', href: '/changelog' },
  { label: 'Blog', href: '/blogs' },
  { label: 'Careers', href: '/career' },
  { label: 'About us', href: '/about' },
  { label: 'Early Access Program', href: '/early-access' },
  { label: 'How we measure', href: '/methodology' },
  { label: 'Contact Us', href: '/#contact' },
  { label: 'Security', href: '/security' },
  { label: 'Terms of use', href: '/terms' },
  { label: 'Privacy notice', href: '/privacy' },
];

/** Home platform section: the three product cards (ids 1 to 3). */
export const productCards = [
  {
    id: 1,
    title: 'Intelligent Pipeline Generator',
    text: 'A team of AI agents turns your Python ML pipeline into a hardware-optimised pipeline and the embedded code around it, across edge, embedded and IoT targets.',
    image: '/images/cards/ipg.svg',
    path: '/iip',
  },
  {
    id: 2,
    title: 'Intelligent Edge ML Ops',
    text: 'AI-powered templates and automation generate, deploy and monitor edge software and models, so fleets stay accurate long after launch.',
    image: '/images/cards/iem.svg',
    path: '/iem',
  },
  {
    id: 3,
    title: 'Intelligent IoT SDK',
    text: 'One silicon-agnostic codebase for cellular IoT devices, on Nordic nRF91 and Quectel BG95 and BG77 modules today, deployed across cloud, edge and embedded hardware without rewrites.',
    image: '/images/cards/iis.svg',
    path: '/iis',
  },
] as const;

export type ProductCard = (typeof productCards)[number];

/** Customer Offerings: cards go to /iip, /iot and /design. */
export const offerings = [
  {
    id: 1,
    title: 'Platform subscription',
    text: 'The full multi-agent platform, on-premise inside your network or in our managed cloud: today through the Early Access Program, afterwards as a monthly subscription. Your code and models never leave your control.',
    image: '/images/offerings/subscription.svg',
    path: '/iip',
  },
  {
    id: 2,
    title: 'Off-the-shelf applications',
    text: 'Ready applications for people counting, defect inspection, asset tracking and predictive maintenance, tuned for popular edge modules and cellular IoT boards and in early access, like our products.',
    image: '/images/offerings/applications.svg',
    path: '/iot',
  },
  {
    id: 3,
    title: 'New product design and manufacture',
    text: 'From idea to production line: hardware design, AI-generated firmware, certification support and contract manufacturing, delivered by one accountable team.',
    image: '/images/offerings/design.svg',
    path: '/design',
  },
] as const;

/**
 * Industries section of the home page, in the order the home page lists them. An industry is not a
 * page: each `path` is the vertical page that serves it, which keeps its own name in menus and titles.
 */
export const industries = [
  {
    title: 'Security & Surveillance',
    text: 'Intrusion, loitering and perimeter alerts computed on the camera or the recorder beside it, so video stays on site and an alarm never waits on an uplink.',
    icon: 'shield',
    path: '/smart-vision',
  },
  {
    title: 'Robotics & AMR',
    text: 'Perception, localisation and path planning that fit the power budget of autonomous mobile robots and manipulators, with the safety stop left to a controller rated under ISO 13849-1 or IEC 61508.',
    icon: 'robot',
    path: '/robotics',
  },
  {
    title: 'Aerospace & Defense',
    text: 'Deterministic inference for drones and rugged platforms that cannot rely on a link, tested in SITL simulation first, with requirements-to-test traceability as evidence for your own DO-178C case.',
    icon: 'plane',
    path: '/drone',
  },
  {
    title: 'Consumer IoT',
    text: 'Wearables and smart-home devices that recognise activity, presence and voice on the chip: days between charges for a wearable, years on a battery for a sensor, and nothing private sent to the cloud.',
    icon: 'home',
    path: '/iot',
  },
  {
    title: 'Industrial & Logistics',
    text: 'Vision inspection, predictive maintenance and asset tracking across plants and warehouses, connected to the PLCs and fieldbuses you already run and built for years of unattended service.',
    icon: 'factory',
    path: '/industrials',
  },
  {
    title: 'Automotive',
    text: 'Driver monitoring and in-cabin sensing for the SoC in your cabin system, with MISRA C checked code and the traceability your ISO 26262 and ASPICE work products draw on.',
    icon: 'car',
    path: '/automotive',
  },
] as const satisfies readonly { title: string; text: string; icon: string; path?: string }[];

/** One entry of the home page's Recognised By: who issued it, what it recognises, the year, and where to check it. */
export type Recognition = {
  /** The body that grants it: a certification body, a government programme, an award's organiser. */
  issuer: string;
  /** What is recognised, as the issuer words it (a certificate's standard and scope, an award's name). */
  title: string;
  year: number;
  /** The issuer's own page where a visitor can check it (a register entry, the award's list of winners). */
  href: string;
};

/**
 * Recognised By on the home page. Empty as shipped: list only what the company holds and a visitor can
 * check on the issuer's own page; while it is empty the section says so instead of showing badges.
 */
export const recognitions: readonly Recognition[] = [];

/**
 * Trust section of the home page: commitments a visitor can check on a page of this site, each
 * linked to it. No certificate, audit or partner badge appears here unless the company holds it
 * and can show it on request.
 */
export const commitments = [
  {
    title: 'Your code stays yours',
    text: 'Generated code, models and reports belong to you, and your code and data train nothing.',
    image: '/images/products/icons/code.svg',
    path: '/security',
  },
  {
    title: 'Evidence, not badges',
    text: 'Traceability and test evidence for your own certification; the certificate stays yours to earn.',
    image: '/images/products/icons/check.svg',
    path: '/security#standards',
  },
  {
    title: 'Figures with their basis',
    text: 'Every cost and speed figure on this site comes from our own projects, and says how it was measured.',
    image: '/images/products/icons/speed.svg',
    path: '/methodology',
  },
  {
    title: 'Personal data kept short',
    text: 'The careers and contact forms keep what they need for the time the privacy notice states; the software erases most of it on its own, and the notice names the rest.',
    image: '/images/products/icons/privacy.svg',
    path: '/privacy',
  },
] as const;

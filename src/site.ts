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
  developerPortalUrl: 'https://developer.example.com',
  logo: '/images/logo.svg',
  ogImage: '/images/og-default.png',
  address: {
    street: '4th Floor, Helix Tech Park, 21 Outer Ring Road',
    locality: 'Bengaluru',
    region: 'Karnataka',
    postalCode: '560103',
    country: 'India',
    countryCode: 'IN',
  },
  phone: { display: '+91 80 4718 2290', href: 'tel:+918047182290' },
  emails: {
    sales: 'hello@example.com',
    careers: 'careers@example.com',
    support: 'support@example.com',
  },
  socials: [
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/example' },
    { name: 'GitHub', href: 'https://github.com/example' },
    { name: 'YouTube', href: 'https://www.youtube.com/@example' },
    { name: 'X', href: 'https://x.com/example' },
  ],
} as const;

export type NavLink = { label: string; href: string };

/** The hamburger menu (SPEC §2 Header): Blogs, the platform section, Customer Offerings, Industries. */
export const menuLinks: readonly NavLink[] = [
  { label: 'Blogs', href: '/blogs' },
  { label: 'Platform', href: '/#platform' },
  { label: 'Customer Offerings', href: '/#offerings' },
  { label: 'Industries', href: '/#industries' },
];

export const productLinks: readonly NavLink[] = [
  { label: 'Intelligent Pipeline Generator', href: '/iip' },
  { label: 'Intelligent Edge ML Ops', href: '/iem' },
  { label: 'Intelligent IoT SDK', href: '/iis' },
];

export const verticalLinks: readonly NavLink[] = [
  { label: 'IoT', href: '/iot' },
  { label: 'Drone', href: '/drone' },
  { label: 'Smart Vision', href: '/smart-vision' },
  { label: 'Industrials', href: '/industrials' },
  { label: 'Robotics', href: '/robotics' },
];

export const companyLinks: readonly NavLink[] = [
  { label: 'Product design', href: '/design' },
  { label: 'Blogs', href: '/blogs' },
  { label: 'Careers', href: '/career' },
  { label: 'Contact Us', href: '/#contact' },
];

/** Home platform section: the three product cards (SPEC §3: ids 1 to 3). */
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
    title: 'Intelligent IOT SDK',
    text: 'One silicon-agnostic codebase for several cellular chip vendors, deployed across cloud, edge and embedded hardware without rewrites.',
    image: '/images/cards/iis.svg',
    path: '/iis',
  },
] as const;

export type ProductCard = (typeof productCards)[number];

/** Customer Offerings (SPEC §1, §2 Home): cards go to /iip, /iot and /design. */
export const offerings = [
  {
    id: 1,
    title: 'Platform subscription',
    text: 'A monthly subscription to the full multi-agent platform, deployed on-premise inside your network or in our managed cloud. Your code and models never leave your control.',
    image: '/images/offerings/subscription.svg',
    path: '/iip',
  },
  {
    id: 2,
    title: 'Off-the-shelf applications',
    text: 'Ready applications for people counting, defect inspection, asset tracking and predictive maintenance, already tuned for popular edge modules and cellular IoT boards.',
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

/** Industries section (SPEC §2 Home), in SPEC order. */
export const industries = [
  { title: 'Security & Surveillance', text: 'On-camera analytics that flag intrusions and loitering without streaming video to the cloud.', icon: 'shield' },
  { title: 'Robotics & AMR', text: 'Perception and path planning that fit the power budget of autonomous mobile robots.', icon: 'robot' },
  { title: 'Aerospace & Defense', text: 'Deterministic, auditable inference for drones and rugged platforms that cannot rely on a link.', icon: 'plane' },
  { title: 'Consumer IoT', text: 'Wearables and smart-home devices with on-device intelligence and months of battery life.', icon: 'home' },
  { title: 'Industrial & Logistics', text: 'Vision inspection, predictive maintenance and asset tracking across plants and warehouses.', icon: 'factory' },
  { title: 'Automotive', text: 'Driver monitoring and in-cabin sensing built for automotive-grade SoCs and long lifecycles.', icon: 'car' },
] as const;

/** Recognised By: certificates and programmes shown as badges. */
export const recognitions = [
  { title: 'ISO/IEC 27001:2022', text: 'Information security management, certified for our platform operations.', image: '/images/recognition/iso27001.svg' },
  { title: 'ISO 9001:2015', text: 'Quality management across product design and manufacturing.', image: '/images/recognition/iso9001.svg' },
  { title: 'Startup India', text: 'Recognised by DPIIT as an innovative deep-tech startup.', image: '/images/recognition/startup-india.svg' },
  { title: 'Edge AI Partner', text: 'Member of leading silicon vendors’ edge AI partner programmes.', image: '/images/recognition/partner.svg' },
] as const;

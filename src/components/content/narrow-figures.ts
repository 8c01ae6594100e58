/**
 * Phone layouts of wide diagrams whose labels would shrink below reading size on a phone: the same
 * content drawn about 360 wide, so its text stays at 12 px or more. Figure shows one below the mobile
 * breakpoint whenever its picture is listed here, so the MDX (and its editor) carries nothing extra.
 */
export const NARROW_FIGURES: Readonly<Record<string, { src: string; width: number; height: number }>> = {
  '/images/products/iip-workflow.svg': { src: '/images/products/iip-workflow-narrow.svg', width: 360, height: 790 },
  '/images/products/iem-workflow.svg': { src: '/images/products/iem-workflow-narrow.svg', width: 360, height: 726 },
};

import plugin from 'tailwindcss/plugin';
import { tailwindColors, themeVariables } from './src/styles/palette.ts';

/**
 * The palette's variables and the selectors that switch them: dark by default, light under
 * `data-theme="light"` (set before the first paint by the head script of src/lib/theme.ts), light
 * for a light-preferring visitor whose browser runs no script, and light on paper.
 */
const themes = plugin(({ addBase, addVariant }) => {
  const light = { ...themeVariables('light'), colorScheme: 'light' };
  addBase({
    ':root': { ...themeVariables('dark'), colorScheme: 'dark' },
    ":root[data-theme='light']": light,
    '@media (prefers-color-scheme: light)': { ':root:not([data-theme])': light },
    '@media print': { ':root': light },
  });
  // `light:` for the few things tokens cannot switch (an image drawn for a dark page), in the same three cases.
  addVariant('light', [
    ":root[data-theme='light'] &",
    '@media (prefers-color-scheme: light) { :root:not([data-theme]) & }',
    '@media print { & }',
  ]);
});

/** @type {import('tailwindcss').Config} */
export default {
  content: ['./src/**/*.{astro,ts,tsx,mdx}', './content/**/*.mdx'],
  theme: {
    // SPEC §9 breakpoints.
    screens: { sm: '576px', md: '768px', lg: '992px', xl: '1200px', xxl: '1400px' },
    extend: {
      // Each palette name reads a CSS variable, so the components' classes follow the theme.
      colors: tailwindColors(),
      fontFamily: {
        sans: ['Inter', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'],
        mono: ['ui-monospace', 'SFMono-Regular', 'Menlo', 'monospace'],
      },
      maxWidth: { '6xl': '72rem' },
    },
  },
  plugins: [themes],
};

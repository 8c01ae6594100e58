/** @type {import('tailwindcss').Config} */
export default {
  content: ['./src/**/*.{astro,ts,tsx,mdx}', './content/**/*.mdx'],
  theme: {
    // SPEC §9 breakpoints.
    screens: { sm: '576px', md: '768px', lg: '992px', xl: '1200px', xxl: '1400px' },
    extend: {
      colors: {
        ink: { DEFAULT: '#0b1020', 900: '#0b1020', 850: '#0f152b', 800: '#121933', 700: '#1b2447', 600: '#2a3563' },
        brand: {
          50: '#ecfeff',
          100: '#cffafe',
          200: '#a5f3fc',
          300: '#67e8f9',
          400: '#22d3ee',
          500: '#06b6d4',
          600: '#0891b2',
          700: '#0e7490',
          800: '#155e75',
        },
        accent: { 300: '#c4b5fd', 400: '#a78bfa', 500: '#8b5cf6', 600: '#7c3aed' },
      },
      fontFamily: {
        sans: ['Inter', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'],
        mono: ['ui-monospace', 'SFMono-Regular', 'Menlo', 'monospace'],
      },
      maxWidth: { '6xl': '72rem' },
    },
  },
  plugins: [],
};

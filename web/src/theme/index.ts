import './theme.css';

/** Class of the wrapper element that carries the brand colours (main.tsx). */
export const BRAND_CLASS = 'ecrf-brand';

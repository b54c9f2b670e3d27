/**
 * The built-in logo, served by GET /logo until a custom one is uploaded. Embedded as a string so
 * it is found at runtime from src/ (tests, tsx) and from dist/ (npm start) alike.
 */
export const DEFAULT_LOGO_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="Graph Analytics Service">
  <title>Graph Analytics Service</title>
  <rect width="64" height="64" rx="12" fill="#1f4e79"/>
  <g stroke="#9cc3e6" stroke-width="3" stroke-linecap="round">
    <line x1="18" y1="20" x2="44" y2="16"/>
    <line x1="18" y1="20" x2="24" y2="46"/>
    <line x1="44" y1="16" x2="46" y2="42"/>
    <line x1="24" y1="46" x2="46" y2="42"/>
    <line x1="18" y1="20" x2="46" y2="42"/>
  </g>
  <g fill="#ffffff">
    <circle cx="18" cy="20" r="6"/>
    <circle cx="44" cy="16" r="5"/>
    <circle cx="24" cy="46" r="5"/>
    <circle cx="46" cy="42" r="7"/>
  </g>
</svg>
`;

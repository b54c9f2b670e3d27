import path from 'node:path';

/** The repository root, whether the code runs from src/ (tests, tsx) or from dist/src/ (npm start). */
export const projectRoot = path.resolve(__dirname, '..', ...(path.basename(path.resolve(__dirname, '..')) === 'dist' ? ['..'] : []));

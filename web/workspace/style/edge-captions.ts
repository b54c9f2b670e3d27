/**
 * Relationship types written on the edges: only when they can be read. Sigma's camera ratio is 1
 * when the whole graph fits the canvas and shrinks as the user zooms in; a small canvas has room for
 * every caption at any zoom. Pure, so the rule is tested without a browser.
 */

/** At or below this camera ratio (zoomed in at least twice), edges carry their type. */
export const EDGE_CAPTION_RATIO = 0.5;

/** Up to this many relationships on the canvas, captions are shown at any zoom. */
export const EDGE_CAPTION_FEW = 30;

export function edgeCaptionsShown(cameraRatio: number, relationshipCount: number): boolean {
  return relationshipCount <= EDGE_CAPTION_FEW || cameraRatio <= EDGE_CAPTION_RATIO;
}

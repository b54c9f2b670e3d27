/**
 * Camera arithmetic of the workspace, pure so it is tested without a browser. Sigma maps a point of
 * the framed graph p to the viewport as v = origin + scale · (p − camera) / ratio (angle 0);
 * `origin` and `scale` are read once from the renderer (see Workspace.cameraMapping).
 */
export interface CameraMapping {
  /** Viewport position of the framed point (0, 0) with the camera at (0, 0), ratio 1. */
  origin: { x: number; y: number };
  /** Viewport pixels per framed unit at ratio 1, per axis (y is negative: the graph's y grows upwards). */
  scale: { x: number; y: number };
}

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface Insets {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface Camera {
  x: number;
  y: number;
  ratio: number;
}

/**
 * The camera that shows `box` (framed coordinates) whole inside the viewport minus `insets` and a
 * `margin` of pixels (node sizes and captions), centred there. An empty or one-point box keeps the
 * ratio it is given.
 */
export function cameraToShow(
  box: Box,
  mapping: CameraMapping,
  viewport: { width: number; height: number },
  insets: Insets,
  margin: number,
  fallbackRatio = 1,
): Camera {
  const free = {
    left: insets.left + margin,
    right: viewport.width - insets.right - margin,
    top: insets.top + margin,
    bottom: viewport.height - insets.bottom - margin,
  };
  // A viewport too small for the margins still gets a finite camera.
  const freeWidth = Math.max(20, free.right - free.left);
  const freeHeight = Math.max(20, free.bottom - free.top);
  const spanX = Math.abs(mapping.scale.x) * (box.maxX - box.minX);
  const spanY = Math.abs(mapping.scale.y) * (box.maxY - box.minY);
  let ratio = Math.max(spanX / freeWidth, spanY / freeHeight);
  if (!Number.isFinite(ratio) || ratio <= 1e-9) ratio = fallbackRatio;
  const centre = { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
  const target = { x: free.left + freeWidth / 2, y: free.top + freeHeight / 2 };
  // target = origin + scale · (centre − camera) / ratio  ⇒  camera = centre − (target − origin) · ratio / scale
  return {
    x: centre.x - ((target.x - mapping.origin.x) * ratio) / mapping.scale.x,
    y: centre.y - ((target.y - mapping.origin.y) * ratio) / mapping.scale.y,
    ratio,
  };
}

/** What a camera shows of the framed graph, as a box. */
export function visibleBox(camera: Camera, mapping: CameraMapping, viewport: { width: number; height: number }): Box {
  // p = camera + (v − origin) · ratio / scale, for the viewport's corners.
  const at = (vx: number, vy: number) => ({
    x: camera.x + ((vx - mapping.origin.x) * camera.ratio) / mapping.scale.x,
    y: camera.y + ((vy - mapping.origin.y) * camera.ratio) / mapping.scale.y,
  });
  const a = at(0, 0);
  const b = at(viewport.width, viewport.height);
  return { minX: Math.min(a.x, b.x), minY: Math.min(a.y, b.y), maxX: Math.max(a.x, b.x), maxY: Math.max(a.y, b.y) };
}

/** The box around points. */
export function boxOf(points: Iterable<{ x: number; y: number }>): Box | null {
  let box: Box | null = null;
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    if (!box) box = { minX: p.x, minY: p.y, maxX: p.x, maxY: p.y };
    else
      box = { minX: Math.min(box.minX, p.x), minY: Math.min(box.minY, p.y), maxX: Math.max(box.maxX, p.x), maxY: Math.max(box.maxY, p.y) };
  }
  return box;
}

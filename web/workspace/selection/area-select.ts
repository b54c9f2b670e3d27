/**
 * Box and lasso selection: while a mode is on, a transparent layer over the canvas takes the
 * pointer (so the camera does not pan), draws the shape, and on release selects the shown nodes
 * inside it (with Shift: added to the selection).
 */
import type { Workspace } from '../workspace';
import { select } from '../state/canvas-state';
import type { Point } from './geometry';
import { pointsInside, rectangle } from './geometry';

export type AreaMode = 'box' | 'lasso' | null;

export function attachAreaSelection(workspace: Workspace, container: HTMLElement): { setMode(mode: AreaMode): void } {
  const layer = document.createElement('canvas');
  layer.className = 'area-select';
  layer.hidden = true;
  container.append(layer);
  const context = layer.getContext('2d')!;
  let mode: AreaMode = null;
  let path: Point[] = [];
  let additive = false;

  const at = (event: PointerEvent): Point => {
    const box = layer.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const shape = () => (mode === 'box' && path.length > 1 ? rectangle(path[0], path[path.length - 1]) : path);
  const draw = () => {
    context.clearRect(0, 0, layer.width, layer.height);
    const points = shape();
    if (points.length < 2) return;
    context.beginPath();
    context.moveTo(points[0].x, points[0].y);
    for (const point of points.slice(1)) context.lineTo(point.x, point.y);
    context.closePath();
    context.fillStyle = 'rgba(36, 87, 166, 0.12)';
    context.strokeStyle = '#2457a6';
    context.setLineDash([5, 4]);
    context.fill();
    context.stroke();
  };

  layer.addEventListener('pointerdown', (event) => {
    layer.setPointerCapture(event.pointerId);
    additive = event.shiftKey || event.ctrlKey || event.metaKey;
    path = [at(event)];
  });
  layer.addEventListener('pointermove', (event) => {
    if (!path.length) return;
    if (mode === 'box') path = [path[0], at(event)];
    else path.push(at(event));
    draw();
  });
  layer.addEventListener('pointerup', () => {
    const polygon = shape();
    path = [];
    draw();
    const renderer = workspace.renderer;
    const candidates: Array<Point & { id: string }> = [];
    workspace.graph.forEachNode((id) => {
      const data = renderer.getNodeDisplayData(id);
      if (!data || data.hidden) return;
      candidates.push({ id, ...renderer.framedGraphToViewport(data) });
    });
    const chosen = pointsInside(candidates, polygon);
    const current = workspace.state.selection;
    workspace.change(select(additive ? [...new Set([...current, ...chosen])] : chosen));
  });

  return {
    setMode(next) {
      mode = next;
      layer.hidden = next === null;
      const { width, height } = container.getBoundingClientRect();
      layer.width = Math.round(width);
      layer.height = Math.round(height);
    },
  };
}

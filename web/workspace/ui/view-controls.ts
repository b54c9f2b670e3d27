/**
 * Zoom, fit and the overview, floating at the canvas's lower right: zoom in / out (+ / −), fit
 * (0) and an overview map (V) of every node with the visible part framed; a click on the map
 * centres the view there. The map is redrawn at most once a frame, on camera moves and changes.
 */
import { h } from '../../shared/dom';
import { t } from '../../shared/i18n';
import type { Workspace } from '../workspace';
import type { IconName } from './icons';
import { icon } from './icons';

const MAP = { width: 180, height: 120, pad: 6 };

export function attachViewControls(workspace: Workspace, stage: HTMLElement): { drawOverview(): void } {
  const camera = workspace.renderer.getCamera();
  const button = (name: IconName, title: string, shortcut: string, action: () => void) => {
    const b = h('button', {
      type: 'button',
      class: 'tool',
      'aria-label': title,
      title: `${title} (${shortcut})`,
      'aria-keyshortcuts': shortcut,
    });
    b.append(icon(name));
    b.addEventListener('click', action);
    return b;
  };
  const map = h('canvas', {
    class: 'overview',
    width: String(MAP.width),
    height: String(MAP.height),
    role: 'img',
    'aria-label': t('web.workspace.view.overview'),
    hidden: true,
  });
  const overviewButton = button('overview', t('web.workspace.view.overview'), 'V', () => {
    map.hidden = !map.hidden;
    overviewButton.setAttribute('aria-pressed', String(!map.hidden));
    drawOverview();
  });
  overviewButton.setAttribute('aria-pressed', 'false');
  const controls = h(
    'div',
    { class: 'view-controls', role: 'toolbar', 'aria-label': t('web.workspace.view.label') },
    button('zoomIn', t('web.workspace.view.zoomIn'), '+', () => void camera.animatedZoom({ duration: 200 })),
    button('zoomOut', t('web.workspace.view.zoomOut'), '-', () => void camera.animatedUnzoom({ duration: 200 })),
    button('fit', t('web.workspace.view.fit'), '0', () => workspace.fit({ animate: true })),
    overviewButton,
  );
  stage.append(map, controls);

  // The map's own projection: the graph's extent (graph coordinates) into the map, y up.
  let project = (x: number, y: number) => ({ x, y });
  let unproject = (x: number, y: number) => ({ x, y });
  let scheduled = false;
  function drawOverview(): void {
    if (map.hidden || scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      const context = map.getContext('2d');
      if (!context) return;
      context.clearRect(0, 0, MAP.width, MAP.height);
      const graph = workspace.graph;
      let minX = Infinity,
        minY = Infinity,
        maxX = -Infinity,
        maxY = -Infinity;
      graph.forEachNode((_id, a) => {
        minX = Math.min(minX, a.x as number);
        maxX = Math.max(maxX, a.x as number);
        minY = Math.min(minY, a.y as number);
        maxY = Math.max(maxY, a.y as number);
      });
      if (!Number.isFinite(minX)) return;
      const scale = Math.min((MAP.width - 2 * MAP.pad) / (maxX - minX || 1), (MAP.height - 2 * MAP.pad) / (maxY - minY || 1));
      const ox = (MAP.width - (maxX - minX) * scale) / 2;
      const oy = (MAP.height - (maxY - minY) * scale) / 2;
      project = (x, y) => ({ x: ox + (x - minX) * scale, y: MAP.height - oy - (y - minY) * scale });
      unproject = (x, y) => ({ x: minX + (x - ox) / scale, y: minY + (MAP.height - oy - y) / scale });
      graph.forEachNode((_id, a) => {
        const p = project(a.x as number, a.y as number);
        context.fillStyle = (a.color as string) ?? '#888';
        context.fillRect(p.x - 1, p.y - 1, 2, 2);
      });
      const box = workspace.viewBox();
      const a = project(box.minX, box.maxY);
      const b = project(box.maxX, box.minY);
      context.strokeStyle = '#2457a6';
      context.lineWidth = 1.5;
      context.strokeRect(a.x, a.y, b.x - a.x, b.y - a.y);
    });
  }
  map.addEventListener('click', (event) => {
    const rect = map.getBoundingClientRect();
    // The map may be drawn smaller than its pixels (narrow screens).
    const point = unproject(
      ((event.clientX - rect.left) * MAP.width) / rect.width,
      ((event.clientY - rect.top) * MAP.height) / rect.height,
    );
    const viewport = workspace.renderer.graphToViewport(point);
    const framed = workspace.renderer.viewportToFramedGraph(viewport);
    void camera.animate({ x: framed.x, y: framed.y }, { duration: 250 });
  });
  camera.on('updated', drawOverview);
  workspace.onChange(drawOverview);

  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    if (event.ctrlKey || event.metaKey || event.altKey || (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    if (event.key === '+' || event.key === '=') void camera.animatedZoom({ duration: 200 });
    else if (event.key === '-') void camera.animatedUnzoom({ duration: 200 });
    else if (event.key === '0') workspace.fit({ animate: true });
    else if (event.key.toLowerCase() === 'v') overviewButton.click();
  });
  return { drawOverview };
}

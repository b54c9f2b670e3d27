/**
 * The workspace's screen: the canvas is the page (Gephi Lite's "filler"); a narrow rail of icon
 * tools on the left; a tool with a panel opens it over the canvas on its side (one per side; it
 * closes with its × or its tool again); a status line at the bottom. Below 700 px the rail is a
 * row under the canvas and panels open as bottom sheets (public/workspace.css).
 *
 * A feature registers itself in one call:
 *   shell.addTool({ id: 'appearance', icon: 'palette', title: t('...'), shortcut: 'A', panel, side: 'left', group: 'style' })
 * and gets a handle to disable, hide, press, open or close it. Shortcuts are bound here (never
 * while typing in a field) and shown in the tooltip.
 */
import { h } from '../../shared/dom';
import { t } from '../../shared/i18n';
import type { IconName } from './icons';
import { icon, isIconName } from './icons';

export type Side = 'left' | 'right';

export interface ToolOptions {
  id: string;
  icon: IconName | SVGElement;
  /** The tool's name: its accessible name, tooltip (with the shortcut) and its panel's heading. */
  title: string;
  /** 'T', 'Shift+L', 'Ctrl+Z' (Ctrl is Cmd on a Mac); never fires while typing in a field unless `evenWhileTyping`. */
  shortcut?: string;
  /** Ctrl+S saves from the name field too; Ctrl+Z there undoes the typing, not the canvas. */
  evenWhileTyping?: boolean;
  /** Opened and closed by the tool. */
  panel?: HTMLElement;
  side?: Side;
  /** Rail section; tools of one group stay together, groups in the order first used. */
  group?: string;
  /** For a tool without a panel (or besides opening it). */
  onClick?: () => void;
  /** A toggle (aria-pressed) rather than an action. */
  toggle?: boolean;
}

export interface ToolHandle {
  readonly id: string;
  readonly button: HTMLButtonElement;
  /** Disabled tools stay focusable with their tooltip (aria-disabled) and ignore activation. */
  setDisabled(disabled: boolean): void;
  setHidden(hidden: boolean): void;
  setPressed(pressed: boolean): void;
  open(): void;
  close(): void;
  readonly isOpen: boolean;
}

interface Registered {
  options: ToolOptions;
  handle: ToolHandle;
  section?: HTMLElement;
}

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

/** 'Ctrl+Shift+Z' as the tooltip writes it and as aria-keyshortcuts wants it. */
function shortcutTexts(shortcut: string): { shown: string; aria: string } {
  const parts = shortcut.split('+');
  return {
    shown: parts.map((part) => (part === 'Ctrl' && isMac() ? '⌘' : part)).join('+'),
    aria: parts.map((part) => (part === 'Ctrl' ? (isMac() ? 'Meta' : 'Control') : part)).join('+'),
  };
}

function matches(shortcut: string, event: KeyboardEvent): boolean {
  const parts = shortcut.split('+');
  const key = parts[parts.length - 1];
  const ctrl = parts.includes('Ctrl');
  const shift = parts.includes('Shift');
  if (ctrl !== (event.ctrlKey || event.metaKey) || event.altKey) return false;
  if (shift !== event.shiftKey && !(key.length === 1 && !/[a-z]/i.test(key))) return false;
  return event.key.toLowerCase() === key.toLowerCase();
}

export class Shell {
  readonly root: HTMLElement;
  /** Positioned layer over which panels and controls float. */
  readonly stage: HTMLElement;
  readonly canvas: HTMLElement;
  /** The status line's message (one line; the last thing done or failed). */
  readonly status: HTMLElement;
  /** The status line's right part: counts, zoom. */
  readonly info: HTMLElement;
  private readonly rail: HTMLElement;
  private readonly hosts: Record<Side, HTMLElement>;
  private readonly groups = new Map<string, HTMLElement>();
  private readonly tools = new Map<string, Registered>();
  private readonly open: Record<Side, string | null> = { left: null, right: null };
  private readonly panelListeners: Array<() => void> = [];

  constructor(host: HTMLElement) {
    this.canvas = h('div', { class: 'canvas', tabindex: '0', role: 'application', 'aria-label': t('web.workspace.canvas.label') });
    this.hosts = { left: h('div', { class: 'panel-host left' }), right: h('div', { class: 'panel-host right' }) };
    this.stage = h('section', { class: 'stage' }, this.canvas, this.hosts.left, this.hosts.right);
    this.rail = h('nav', {
      class: 'tool-rail',
      role: 'toolbar',
      'aria-label': t('web.workspace.toolbar.canvasTools'),
      'aria-orientation': 'vertical',
    });
    this.status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
    this.info = h('p', { class: 'status-info' });
    this.root = h('div', { class: 'workspace' }, this.rail, this.stage, h('footer', { class: 'status-line' }, this.status, this.info));
    host.append(this.root);
    document.addEventListener('keydown', (event) => this.onKey(event));
  }

  addTool(options: ToolOptions): ToolHandle {
    if (this.tools.has(options.id)) throw new Error(`tool ${options.id} is registered twice`);
    const side = options.side ?? 'left';
    const shortcut = options.shortcut ? shortcutTexts(options.shortcut) : null;
    const button = h('button', {
      type: 'button',
      class: 'tool',
      'data-tool': options.id,
      'aria-label': options.title,
      title: shortcut ? `${options.title} (${shortcut.shown})` : options.title,
    });
    if (shortcut) button.setAttribute('aria-keyshortcuts', shortcut.aria);
    if (options.panel || options.toggle) button.setAttribute('aria-pressed', 'false');
    button.append(options.icon instanceof SVGElement ? options.icon : icon(isIconName(options.icon) ? options.icon : 'details'));
    let section: HTMLElement | undefined;
    if (options.panel) {
      const heading = h('h2', { class: 'panel-title' }, options.title);
      const close = h('button', {
        type: 'button',
        class: 'panel-close',
        'aria-label': t('web.workspace.panel.close', { name: options.title }),
        title: t('web.workspace.panel.close', { name: options.title }),
      });
      close.append(icon('close'));
      close.addEventListener('click', () => this.closePanel(options.id));
      section = h(
        'section',
        { class: `panel panel-${options.id}`, 'data-panel': options.id, 'aria-label': options.title, hidden: true },
        h('header', { class: 'panel-head' }, heading, close),
        options.panel,
      );
      this.hosts[side].append(section);
    }
    const registered: Registered = { options, section, handle: undefined as unknown as ToolHandle };
    // The handle's getter has its own `this`: it asks the shell through this arrow.
    const isOpen = () => this.open[side] === options.id;
    registered.handle = {
      id: options.id,
      button,
      setDisabled: (disabled) => {
        button.setAttribute('aria-disabled', String(disabled));
        button.classList.toggle('disabled', disabled);
      },
      setHidden: (hidden) => {
        button.hidden = hidden;
        if (hidden) this.closePanel(options.id);
      },
      setPressed: (pressed) => button.setAttribute('aria-pressed', String(pressed)),
      open: () => this.openPanel(options.id),
      close: () => this.closePanel(options.id),
      get isOpen() {
        return isOpen();
      },
    };
    button.addEventListener('click', () => this.activate(registered));
    this.tools.set(options.id, registered);
    this.groupElement(options.group ?? 'tools').append(button);
    return registered.handle;
  }

  tool(id: string): ToolHandle | undefined {
    return this.tools.get(id)?.handle;
  }

  openPanel(id: string): void {
    const registered = this.tools.get(id);
    if (!registered?.section || registered.handle.button.hidden) return;
    const side = registered.options.side ?? 'left';
    const current = this.open[side];
    if (current && current !== id) this.hidePanel(current);
    registered.section.hidden = false;
    registered.handle.setPressed(true);
    this.open[side] = id;
    this.hosts[side].classList.add('open');
    this.changed();
  }

  closePanel(id: string): void {
    const registered = this.tools.get(id);
    if (!registered?.section) return;
    const side = registered.options.side ?? 'left';
    if (this.open[side] !== id) return;
    this.hidePanel(id);
    this.open[side] = null;
    this.hosts[side].classList.remove('open');
    this.changed();
  }

  /** The room the open panels take over the canvas, in CSS pixels per side (0 when they float below it). */
  panelInsets(): { left: number; right: number; bottom: number } {
    const canvas = this.canvas.getBoundingClientRect();
    const inset = (side: Side) => {
      if (!this.open[side]) return { side: 0, bottom: 0 };
      const box = this.hosts[side].getBoundingClientRect();
      // A bottom sheet (narrow screens) covers the canvas's lower part; a side panel its side.
      if (box.width >= canvas.width * 0.9) return { side: 0, bottom: Math.max(0, canvas.bottom - box.top) };
      return { side: side === 'left' ? Math.max(0, box.right - canvas.left) : Math.max(0, canvas.right - box.left), bottom: 0 };
    };
    const left = inset('left');
    const right = inset('right');
    return { left: left.side, right: right.side, bottom: Math.max(left.bottom, right.bottom) };
  }

  /** Called after a panel opens or closes (the view may refit around it). */
  onPanelsChanged(listener: () => void): void {
    this.panelListeners.push(listener);
  }

  private changed(): void {
    for (const listener of this.panelListeners) listener();
  }

  private hidePanel(id: string): void {
    const registered = this.tools.get(id);
    if (!registered?.section) return;
    registered.section.hidden = true;
    registered.handle.setPressed(false);
  }

  private activate(registered: Registered): void {
    if (registered.handle.button.getAttribute('aria-disabled') === 'true' || registered.handle.button.hidden) return;
    if (registered.section) {
      if (registered.handle.isOpen) this.closePanel(registered.options.id);
      else this.openPanel(registered.options.id);
    }
    registered.options.onClick?.();
  }

  private groupElement(name: string): HTMLElement {
    let group = this.groups.get(name);
    if (!group) {
      group = h('div', { class: 'tool-group', role: 'group', 'data-group': name });
      this.groups.set(name, group);
      this.rail.append(group);
    }
    return group;
  }

  private onKey(event: KeyboardEvent): void {
    const target = event.target as HTMLElement | null;
    const typing = !!target && (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable);
    if (event.key === 'Escape' && typing) return;
    for (const registered of this.tools.values()) {
      const shortcut = registered.options.shortcut;
      if (!shortcut || !matches(shortcut, event)) continue;
      if (typing && !registered.options.evenWhileTyping) return;
      event.preventDefault();
      this.activate(registered);
      return;
    }
  }
}

/**
 * The visualization's name, saving and sharing: the "Visualization" panel (name, save as new,
 * rename, share, copy link) and the save action the rail's Save tool and Ctrl+S call.
 */
import { api } from '../../shared/api';
import { h } from '../../shared/dom';
import { t } from '../../shared/i18n';
import type { Workspace } from '../workspace';
import type { Opened } from './persistence';
import { save } from './persistence';
import { openShareDialog } from './share';

export interface FileContext {
  permissions: string[];
  userId: string;
  // Functions, not methods: passed on as callbacks, they use no `this`.
  say: (text: string) => void;
  fail: (error: unknown) => void;
}

export interface FilePanel {
  panel: HTMLElement;
  saveNow(asNew: boolean): Promise<void>;
  setOpened(opened: Opened): void;
  /** A file name from the visualization's name (letters, digits, spaces, . _ -). */
  fileName(): string;
}

export function filePanel(workspace: Workspace, context: FileContext): FilePanel {
  let opened: Opened = { id: null, name: t('web.workspace.name.default'), own: true };
  const nameInput = h('input', {
    type: 'text',
    class: 'workspace-name',
    maxlength: '200',
    'aria-label': t('web.workspace.name.label'),
    value: opened.name,
  });
  const title = h('h1', { class: 'visually-hidden' }, t('web.workspace.title'));
  const button = (text: string, hint: string, action: () => void) =>
    h('button', { type: 'button', class: 'secondary', title: hint, onclick: action }, text);
  const saveAsButton = button(t('web.workspace.toolbar.saveAs'), t('web.workspace.toolbar.saveAsTitle'), () => void saveNow(true));
  const renameButton = button(t('web.workspace.toolbar.rename'), t('web.workspace.toolbar.renameTitle'), () => void rename());
  const shareButton = button(t('web.workspace.toolbar.share'), t('web.workspace.toolbar.shareTitle'), () => share());
  shareButton.hidden = !context.permissions.includes('SHARE_VISUALIZATION');
  const linkButton = button(t('web.workspace.toolbar.copyLink'), t('web.workspace.toolbar.copyLinkTitle'), () => void copyLink());
  const panel = h(
    'div',
    { class: 'file-panel' },
    title,
    h('label', {}, t('web.workspace.name.label'), nameInput),
    h('div', { class: 'actions' }, saveAsButton, renameButton, shareButton, linkButton),
  );

  const setOpened = (next: Opened) => {
    opened = next;
    title.textContent = opened.name;
    nameInput.value = opened.name;
    document.title = t('web.workspace.documentTitle', { name: opened.name });
    renameButton.disabled = !opened.id || !opened.own;
    linkButton.disabled = !opened.id;
    shareButton.disabled = !opened.id || !opened.own;
    if (opened.id) {
      const url = new URL(window.location.href);
      url.search = `?id=${encodeURIComponent(opened.id)}`;
      window.history.replaceState(null, '', url);
    }
  };

  async function saveNow(asNew: boolean): Promise<void> {
    let name: { name: string } | null = null;
    if (asNew || !opened.id || !opened.own) {
      const typed = nameInput.value.trim();
      if (!typed) return void context.say(t('web.workspace.status.nameFirst'));
      name = { name: asNew && opened.id && typed === opened.name ? t('web.workspace.name.copy', { name: typed }) : typed };
    }
    try {
      setOpened(await save(workspace, opened, name));
      context.say(t('web.workspace.status.saved', { name: opened.name }));
    } catch (error) {
      context.fail(error);
    }
  }

  async function rename(): Promise<void> {
    const answer = nameInput.value.trim();
    if (!answer) return void context.say(t('web.workspace.status.nameFirst'));
    if (!opened.id) return;
    try {
      const renamed = await api.renameVisualization(opened.id, answer);
      setOpened({ ...opened, name: renamed.name });
      context.say(t('web.workspace.status.renamed', { name: opened.name }));
    } catch (error) {
      context.fail(error);
    }
  }

  async function copyLink(): Promise<void> {
    const link = `${window.location.origin}/visualization?id=${encodeURIComponent(opened.id ?? '')}`;
    try {
      await navigator.clipboard.writeText(link);
      context.say(t('web.workspace.status.linkCopied', { link }));
    } catch {
      context.say(t('web.workspace.status.link', { link }));
    }
  }

  function share(): void {
    if (!opened.id) return;
    void openShareDialog(opened.id, {
      everyone: context.permissions.includes('SHARE_VISUALIZATION_WITH_EVERYONE'),
      myId: context.userId,
      done: context.say,
    }).catch(context.fail);
  }

  setOpened(opened);
  return { panel, saveNow, setOpened, fileName: () => opened.name.replace(/[^\p{L}\p{N} _.-]+/gu, '_').slice(0, 100) || 'visualization' };
}

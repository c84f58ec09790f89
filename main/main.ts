// Electron main process: deliberately thin. Tray, window, single instance, login item,
// secret storage; the daemon runs in a utility process and everything a person sees
// is the renderer served by the daemon's control API.
import { app, BrowserWindow, Menu, Notification, safeStorage, shell, Tray, utilityProcess, nativeImage } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLoginLink, fetchStatus, readControlEndpoint, setPaused } from './controlLink.js';
import { NotificationGate } from './notifier.js';
import { adoptPlainKey, SecretFile } from './secrets.js';
import { daemonEnv, RestartPolicy } from './supervisor.js';
import { trayIcon, trayLang, trayMenu, trayTooltip, type OverallStatus } from './trayState.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const assets = path.join(here, '..', '..', 'assets');
const dataDir = path.join(app.getPath('userData'), 'data');
const cipher = {
  isAvailable: () => safeStorage.isEncryptionAvailable(),
  encrypt: (s: string) => safeStorage.encryptString(s),
  decrypt: (b: Buffer) => safeStorage.decryptString(b),
};
const secrets = new SecretFile(path.join(app.getPath('userData'), 'api-key.bin'), cipher);
/** Where the daemon writes a key entered in Settings; taken into safeStorage at once. */
const plainKeyFile = path.join(dataDir, 'api-key');
let daemon: ReturnType<typeof utilityProcess.fork> | undefined;

let tray: Tray | undefined;
let window: BrowserWindow | undefined;
let lastStatus: OverallStatus = { paused: false, folders: [], offline: true };
const policy = new RestartPolicy();
const gate = new NotificationGate();
const notified = new Set<number>();

function startDaemon(): void {
  const started = Date.now();
  adoptPlainKey(plainKeyFile, secrets, cipher);
  const apiKey = secrets.load();
  const child = (daemon = utilityProcess.fork(path.join(here, '..', 'src', 'cli', 'entry.js'), ['start', '--data', dataDir], {
    env: daemonEnv(process.env, apiKey),
    serviceName: 'docsync daemon',
  }));
  child.once('exit', () => {
    lastStatus = { ...lastStatus, offline: true };
    setTimeout(startDaemon, policy.nextDelay(Date.now() - started));
  });
}

async function openWindow(): Promise<void> {
  const endpoint = readControlEndpoint(dataDir);
  if (!endpoint) return;
  const { url } = await createLoginLink(endpoint);
  window ??= new BrowserWindow({ width: 1100, height: 760, title: 'docsync', webPreferences: { sandbox: true, contextIsolation: true } });
  window.on('closed', () => (window = undefined));
  await window.loadURL(url);
  window.show();
}

async function refresh(): Promise<void> {
  // A key just saved in Settings: encrypted now, and the daemon restarted to use it.
  if (adoptPlainKey(plainKeyFile, secrets, cipher)) daemon?.kill();
  const endpoint = readControlEndpoint(dataDir);
  try {
    if (!endpoint) throw new Error('not started');
    lastStatus = await fetchStatus(endpoint);
  } catch {
    lastStatus = { ...lastStatus, offline: true };
  }
  for (const failure of lastStatus.recentFailures ?? []) {
    if (notified.has(failure.id)) continue;
    notified.add(failure.id);
    gate.add(failure);
  }
  if (!tray) return;
  tray.setImage(nativeImage.createFromPath(path.join(assets, `tray-${trayIcon(lastStatus)}.png`)));
  const lang = trayLang(app.getLocale());
  tray.setToolTip(trayTooltip(lastStatus, lang));
  tray.setContextMenu(
    Menu.buildFromTemplate(
      trayMenu(lastStatus, app.getLoginItemSettings().openAtLogin, lang).map((item) => {
        if (item.id === 'separator') return { type: 'separator' as const };
        if (item.id === 'login') return { label: item.label, type: 'checkbox' as const, checked: item.checked, click: () => void act(item.id) };
        return { label: item.label, click: () => void act(item.id) };
      }),
    ),
  );
  for (const notice of gate.flush()) new Notification({ title: notice.title, body: notice.body }).show();
}

async function act(id: string): Promise<void> {
  const endpoint = readControlEndpoint(dataDir);
  if (id === 'open') return openWindow();
  if (id === 'quit') return app.quit();
  if (id === 'inbox') return void shell.openPath(path.join(app.getPath('home'), 'docsync', 'Inbox'));
  if (id === 'login') app.setLoginItemSettings({ openAtLogin: !app.getLoginItemSettings().openAtLogin });
  if (endpoint && (id === 'pause' || id === 'resume')) await setPaused(endpoint, id === 'pause');
  await refresh();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => void openWindow());
  app.on('window-all-closed', () => {
    // Stay in the tray: closing the window does not stop syncing.
  });
  void app.whenReady().then(() => {
    tray = new Tray(nativeImage.createFromPath(path.join(assets, 'tray-idle.png')));
    startDaemon();
    setInterval(() => void refresh(), 2000);
  });
}

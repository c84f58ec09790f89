import fs from 'node:fs';
import path from 'node:path';
import { DirTreeWatch } from './dirWatch.js';

export interface WatchHandlers {
  /** A file or folder was created or written. */
  onChange(absPath: string): void;
  onDelete(absPath: string): void;
  onError(err: Error): void;
  /**
   * Runs a run of consecutive onChange calls as one unit: the folder commits the rows they
   * discover together (a burst of 2,000 new files is then a few commits, not 2,000).
   */
  batch(run: () => void): void;
}

export interface Watcher {
  readonly mode: 'native' | 'poll';
  close(): Promise<void>;
}

/** Fault injection for tests: native events for which `drop` answers true are lost, as the OS or the watcher may lose them. */
export const nativeEventFaults: { drop: ((absPath: string) => boolean) | null } = { drop: null };

/**
 * Native events: on Linux one inotify watch per directory and nothing per file (dirWatch.ts);
 * elsewhere @parcel/watcher (one FSEvents/ReadDirectoryChangesW subscription per tree). Not
 * chokidar, whose per-path JS watchers cost ~2.6 KB of heap per file and 100k files would blow
 * the memory budget; not @parcel/watcher on Linux, whose tree of every file cost 22 MB and 0.6 s
 * at start for 100k files. Network shares send no events, so they are polled with chokidar.
 */
export async function startWatcher(
  dir: string,
  mode: 'native' | 'poll',
  pollIntervalMs: number,
  handlers: WatchHandlers,
  ignoreDirs: string[] = [],
): Promise<Watcher> {
  if (mode === 'native') {
    const isIgnored = (abs: string) => ignoreDirs.some((d) => abs === path.join(dir, d) || abs.startsWith(path.join(dir, d) + path.sep));
    const deliver = (events: Array<{ type: 'change' | 'delete' | 'create' | 'update'; path: string }>) => {
      // In order; each run of changes in one batch, deletions alone (a deletion may act on the service).
      let changes: string[] = [];
      const flush = () => {
        const run = changes;
        changes = [];
        if (run.length > 0) handlers.batch(() => run.forEach((p) => handlers.onChange(p)));
      };
      for (const e of events) {
        if (nativeEventFaults.drop?.(e.path)) continue;
        if (e.type !== 'delete') {
          changes.push(e.path);
          continue;
        }
        flush();
        handlers.onDelete(e.path);
      }
      flush();
    };
    if (process.platform === 'linux') {
      const tree = new DirTreeWatch(dir, isIgnored, deliver, handlers.onError);
      tree.start();
      return { mode, close: async () => tree.close() };
    }
    const { default: parcel } = await import('@parcel/watcher');
    const sub = await parcel.subscribe(dir, (err, events) => (err ? handlers.onError(err) : deliver(events)), {
      ignore: ignoreDirs.map((d) => path.join(dir, d)),
    });
    return { mode, close: () => sub.unsubscribe() };
  }
  // Loaded only for a polled folder (network share): most daemons never need it.
  const { watch: chokidarWatch } = await import('chokidar');
  const w = chokidarWatch(dir, {
    usePolling: true,
    interval: pollIntervalMs,
    binaryInterval: pollIntervalMs,
    ignoreInitial: true,
    // A link is reported as itself and never followed: the folder decides (links.ts).
    followSymlinks: false,
    ignored: (p: string) => ignoreDirs.some((d) => p === path.join(dir, d) || p.startsWith(path.join(dir, d) + path.sep)),
  });
  w.on('add', handlers.onChange);
  w.on('change', handlers.onChange);
  w.on('addDir', handlers.onChange);
  w.on('unlink', handlers.onDelete);
  w.on('unlinkDir', handlers.onDelete);
  w.on('error', (err) => handlers.onError(err as Error));
  await new Promise<void>((resolve) => w.once('ready', () => resolve()));
  return { mode, close: () => w.close() };
}

const NETWORK_FS = new Set(['nfs', 'nfs4', 'cifs', 'smb3', 'smbfs', 'fuse.sshfs', 'sshfs', 'afpfs', 'davfs', 'fuse.davfs2', '9p', 'fuse.rclone', 'webdav']);

/** 'auto' means native events unless the folder lives on a network file system. */
export function chooseWatchMode(dir: string, setting: 'auto' | 'native' | 'poll'): 'native' | 'poll' {
  if (setting !== 'auto') return setting;
  if (process.platform === 'win32') return dir.startsWith('\\\\') ? 'poll' : 'native';
  return isNetworkMount(dir) ? 'poll' : 'native';
}

function isNetworkMount(dir: string): boolean {
  let mounts: string;
  try {
    mounts = fs.readFileSync('/proc/mounts', 'utf8');
  } catch {
    return false; // macOS: no /proc; FSEvents covers local volumes, SMB users set watch: 'poll'
  }
  let best = '';
  let bestType = '';
  const real = safeRealpath(dir);
  for (const line of mounts.split('\n')) {
    const [, mountPoint, type] = line.split(' ');
    if (!mountPoint || !type) continue;
    const mp = mountPoint.replace(/\\040/g, ' ');
    const inside = real === mp || real.startsWith(mp.endsWith('/') ? mp : mp + '/');
    if (inside && mp.length >= best.length) {
      best = mp;
      bestType = type;
    }
  }
  return NETWORK_FS.has(bestType);
}

function safeRealpath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

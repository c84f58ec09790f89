// Live state shared by the pages: the status, kept current from the event stream.
import { useEffect, useState } from 'preact/hooks';
import type { StatusView, StreamEvent } from '../../src/control/views.js';
import { api, subscribe } from './api.js';

type Listener = (event: StreamEvent) => void;
const listeners = new Set<Listener>();
let status: StatusView | undefined;
let online = true;
const watchers = new Set<() => void>();
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

const notify = () => watchers.forEach((w) => w());

export async function refreshStatus(): Promise<void> {
  try {
    status = await api.status();
    online = true;
  } catch {
    online = false;
  }
  notify();
}

/** Counts move at once from the event; the full status follows shortly after. */
function apply(event: StreamEvent): void {
  if (status && event.type === 'file') {
    const folder = status.folders.find((f) => f.path === event.data.file.folder);
    if (folder) {
      if (event.data.from) folder.counts[event.data.from] = Math.max(0, (folder.counts[event.data.from] ?? 0) - 1);
      folder.counts[event.data.to] = (folder.counts[event.data.to] ?? 0) + 1;
    }
    // A file that left uploading/processing is no longer running: its pages line goes at once.
    if (event.data.to !== 'uploading' && event.data.to !== 'processing') {
      status.running = status.running.filter((f) => f.id !== event.data.file.id);
    }
  }
  if (status && event.type === 'pages') {
    const file = status.running.find((f) => f.id === event.data.fileRow);
    if (file) file.pages = event.data.pages;
  }
  if (status && event.type === 'folder') {
    const folder = status.folders.find((f) => f.path === event.data.folder);
    if (folder) folder.state = event.data.state;
  }
  notify();
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refreshStatus(), 250);
}

let started = false;
export function startLive(): void {
  if (started) return;
  started = true;
  void refreshStatus();
  subscribe(
    (event) => {
      apply(event);
      listeners.forEach((l) => l(event));
    },
    (isOnline) => {
      if (isOnline && !online) void refreshStatus();
      online = isOnline;
      notify();
    },
  );
}

export function useStatus(): { status: StatusView | undefined; online: boolean } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const w = () => setTick((n) => n + 1);
    watchers.add(w);
    return () => void watchers.delete(w);
  }, []);
  return { status, online };
}

export function useEvents(listener: Listener): void {
  useEffect(() => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, [listener]);
}

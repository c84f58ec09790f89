// How the tray reaches the daemon's control API: the daemon writes its address to
// `<dataDir>/control.json` and its token to `<dataDir>/control-token` (owner-only).
import fs from 'node:fs';
import path from 'node:path';
import type { OverallStatus } from './trayState.js';

export interface ControlEndpoint {
  url: string;
  token: string;
}

export function readControlEndpoint(dataDir: string): ControlEndpoint | undefined {
  try {
    const { url } = JSON.parse(fs.readFileSync(path.join(dataDir, 'control.json'), 'utf8')) as { url: string };
    const token = fs.readFileSync(path.join(dataDir, 'control-token'), 'utf8').trim();
    return { url, token };
  } catch {
    return undefined;
  }
}

async function call<T>(endpoint: ControlEndpoint, method: string, route: string): Promise<T> {
  const res = await fetch(endpoint.url + route, { method, headers: { authorization: `Bearer ${endpoint.token}` } });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status}`);
  return (await res.json()) as T;
}

export const fetchStatus = (e: ControlEndpoint) => call<OverallStatus>(e, 'GET', '/api/status');
export const setPaused = (e: ControlEndpoint, paused: boolean) => call<unknown>(e, 'POST', paused ? '/api/pause' : '/api/resume');
/** A one-time login link that sets the session cookie in the window. */
export const createLoginLink = (e: ControlEndpoint) => call<{ url: string }>(e, 'POST', '/api/login-links');

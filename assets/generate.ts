// Draws the tray and app icons (run: npx tsx assets/generate.ts). The PNGs are committed.
import { createCanvas } from '@napi-rs/canvas';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const COLORS = { idle: '#2e7d32', syncing: '#1565c0', error: '#c62828', paused: '#757575' } as const;

function draw(size: number, color: string, badge: keyof typeof COLORS | 'app'): Buffer {
  const c = createCanvas(size, size);
  const g = c.getContext('2d');
  const s = size / 32;
  // A page with a folded corner.
  g.fillStyle = '#ffffff';
  g.strokeStyle = '#37474f';
  g.lineWidth = 2 * s;
  g.beginPath();
  g.moveTo(7 * s, 3 * s);
  g.lineTo(19 * s, 3 * s);
  g.lineTo(25 * s, 9 * s);
  g.lineTo(25 * s, 29 * s);
  g.lineTo(7 * s, 29 * s);
  g.closePath();
  g.fill();
  g.stroke();
  g.fillStyle = '#90a4ae';
  for (const y of [13, 17, 21]) g.fillRect(10 * s, y * s, 12 * s, 1.5 * s);
  // The state badge.
  g.fillStyle = color;
  g.beginPath();
  g.arc(23 * s, 23 * s, 8 * s, 0, Math.PI * 2);
  g.fill();
  g.strokeStyle = '#ffffff';
  g.fillStyle = '#ffffff';
  g.lineWidth = 2 * s;
  if (badge === 'idle' || badge === 'app') {
    g.beginPath();
    g.moveTo(19 * s, 23 * s);
    g.lineTo(22 * s, 26 * s);
    g.lineTo(27 * s, 20 * s);
    g.stroke();
  } else if (badge === 'syncing') {
    g.beginPath();
    g.arc(23 * s, 23 * s, 4 * s, 0.3, Math.PI * 1.7);
    g.stroke();
  } else if (badge === 'error') {
    g.fillRect(22 * s, 18 * s, 2 * s, 6 * s);
    g.fillRect(22 * s, 26 * s, 2 * s, 2 * s);
  } else {
    g.fillRect(20 * s, 19 * s, 2 * s, 8 * s);
    g.fillRect(24 * s, 19 * s, 2 * s, 8 * s);
  }
  return c.toBuffer('image/png');
}

for (const state of Object.keys(COLORS) as (keyof typeof COLORS)[]) {
  fs.writeFileSync(path.join(here, `tray-${state}.png`), draw(32, COLORS[state], state));
  fs.writeFileSync(path.join(here, `tray-${state}@2x.png`), draw(64, COLORS[state], state));
}
fs.writeFileSync(path.join(here, 'icon.png'), draw(512, COLORS.idle, 'app'));

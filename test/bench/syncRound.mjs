// The daemon of `npm run bench -- syncInstructions`, in its own process (run under valgrind's
// callgrind by the bench): the compiled code (dist/src), one daemon and state.db, told over
// stdin what to wait for. argv: inbox dataDir serviceUrl (key in DOCSYNC_API_KEY).
// Lines in: `daemon <prefix> <n>`: answers `armed`, then `{"uploaded": n}` once n files whose
// name starts with <prefix> left `uploading` with an upload id (as sync.bench.ts counts them);
// `plain <dir> <n>`: the bare loop (ticket and PUT, 4 at a time) over <dir>/t<i>.bin, then `{"uploaded": n}`.
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import PQueue from 'p-queue';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const load = (m) => import(pathToFileURL(path.join(root, 'dist', 'src', m)).href);
const [inbox, dataDir, serviceUrl] = process.argv.slice(2);
const { parseConfig } = await load('sync/config.js');
const { Daemon } = await load('sync/daemon.js');
const { ClientRemote } = await load('sync/clientRemote.js');
const { silentLogger } = await load('sync/logger.js');
const remote = () => new ClientRemote({ baseUrl: serviceUrl, apiKey: process.env.DOCSYNC_API_KEY });
const config = parseConfig({ settleMs: 1000, folders: [{ path: inbox, remotePath: 'Bench' }] });
const daemon = await Daemon.start({ config, dataDir, remote: remote(), log: silentLogger() });

async function plain(dir, n) {
  const r = remote();
  const q = new PQueue({ concurrency: 4 });
  for (let i = 0; i < n; i++) {
    void q.add(() => r.upload(path.join(dir, `t${i}.bin`), { fileName: `p${i}.bin`, fileType: 'application/octet-stream', destinationPath: 'Base', isEphemeral: false, isSplit: false }, () => `${dir}-${i}`, () => undefined));
  }
  await q.onIdle();
  await r.close();
}

const lines = readline.createInterface({ input: process.stdin });
console.log('ready');
for await (const line of lines) {
  const [kind, arg, count] = line.split(' ');
  const n = Number(count);
  if (kind === 'plain') {
    await plain(arg, n);
    console.log(JSON.stringify({ uploaded: n }));
  } else if (kind === 'daemon') {
    const uploaded = new Set();
    await new Promise((resolve) => {
      const listener = ({ file, from }) => {
        if (!file.rel_path.startsWith(arg)) return;
        if (from === 'uploading' && file.status !== 'uploading' && file.upload_id) uploaded.add(file.id);
        if (uploaded.size >= n) {
          daemon.emitter.off('file', listener);
          resolve();
        }
      };
      daemon.emitter.on('file', listener);
      console.log('armed');
    });
    console.log(JSON.stringify({ uploaded: uploaded.size }));
  } else if (kind === 'stop') {
    await daemon.stop();
    process.exit(0);
  }
}

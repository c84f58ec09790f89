// PaddleOCR's two onnxruntime sessions in a worker thread (ocr/paddle.ts). onnxruntime-node
// runs a model synchronously on the thread that calls it, so sessions on the service's own
// thread read one page at a time however many documents are in flight; one worker per core
// reads pages side by side and leaves the service's thread free. The models arrive as bytes
// (rewritten once by the caller); each message runs one model on one input and answers its
// output. Plain JavaScript: the worker starts without the TypeScript loader, from src/ and dist/.
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import ort from 'onnxruntime-node';

// The model bytes are dropped once the sessions hold the models (onnxruntime copies what it keeps):
// kept in workerData they were dead weight for the worker's life (15 MB in the detector's worker).
const sessions = Object.fromEntries(
  await Promise.all(Object.entries(workerData.models).map(async ([name, bytes]) => [name, await ort.InferenceSession.create(bytes, workerData.options)])),
);

// Each run leaves its input (a detector's is 22 MB on an A4 page) as a dead ArrayBuffer, and this
// thread allocates almost nothing else, so V8 collected them only when their external memory forced it: each worker
// held up to some 60 MB of them. A young-generation collection once 16 MB have died frees them
// (a fraction of a millisecond in this small heap). V8 gives `gc` to contexts made after the flag.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('typeof gc === "function" ? gc : () => {}');
const GARBAGE_BYTES = 16 * 1024 * 1024;
let garbage = 0;
workerData.models = undefined;
collect({ type: 'major' });
// PADDLE_TRACE=1: each answer carries the CPU this thread spent in the model (ns, for measuring).
const TRACE = process.env.PADDLE_TRACE === '1';
const cpuNs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);

// One message at a time: paddle.ts sends a worker its next input only once it has answered, and
// ends it with terminate() (the sessions go with the thread). The output is handed over, not
// copied: a detection's map, or for a recognition the three numbers a column that CTC decoding
// reads (the graph takes them from the distribution: onnxGraph.ts ctcTail). Handed over, it is the
// service's thread's to collect, not this one's garbage (this thread's memoryUsage().arrayBuffers,
// which counts what its allocator made, still counts it until that thread collects it).
parentPort.on('message', async ({ model, data, dims, memory }) => {
  // This thread's own heap and ArrayBuffers (process.memoryUsage() in a worker), for measuring.
  if (memory) return parentPort.postMessage({ memory: process.memoryUsage() });
  garbage += data.byteLength;
  try {
    const s = sessions[model];
    const t0 = TRACE ? cpuNs() : 0;
    const out = await s.run({ [s.inputNames[0]]: new ort.Tensor('float32', data, dims) });
    const t = out[s.outputNames[0]];
    const cpu = TRACE ? cpuNs() - t0 : undefined;
    parentPort.postMessage({ data: t.data, dims: t.dims, cpu }, [t.data.buffer]);
  } catch (err) {
    parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
  if (garbage >= GARBAGE_BYTES) {
    garbage = 0;
    collect({ type: 'minor' });
  }
});
parentPort.postMessage({ ready: true });

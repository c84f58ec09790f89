// PaddleOCR's two onnxruntime sessions in a worker thread (ocr/paddle.ts). onnxruntime-node
// runs a model synchronously on the thread that calls it, so sessions on the service's own
// thread read one page at a time however many documents are in flight; one worker per core
// reads pages side by side and leaves the service's thread free. The models arrive as bytes
// (rewritten once by the caller); each message runs one model on one input and answers its
// output. Plain JavaScript: the worker starts without the TypeScript loader, from src/ and dist/.
import { parentPort, workerData } from 'node:worker_threads';
import ort from 'onnxruntime-node';
import { ctcSteps } from './ctcSteps.mjs';

const { models, options } = workerData;
const sessions = Object.fromEntries(
  await Promise.all(Object.entries(models).map(async ([name, bytes]) => [name, await ort.InferenceSession.create(bytes, options)])),
);

// One message at a time: paddle.ts sends a worker its next input only once it has answered, and
// ends it with terminate() (the sessions go with the thread). A recognition answers only what
// CTC decoding reads of its output (`spaceClass` given: ctcSteps.mjs), not the distribution.
parentPort.on('message', async ({ model, data, dims, spaceClass }) => {
  try {
    const s = sessions[model];
    const out = await s.run({ [s.inputNames[0]]: new ort.Tensor('float32', data, dims) });
    const t = out[s.outputNames[0]];
    if (spaceClass === undefined) parentPort.postMessage({ data: t.data, dims: t.dims });
    else {
      const steps = ctcSteps(t.data, t.dims[1], t.dims[2], spaceClass);
      parentPort.postMessage({ data: steps, dims: t.dims }, [steps.buffer]);
    }
  } catch (err) {
    parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort.postMessage({ ready: true });

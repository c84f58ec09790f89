// PP-OCRv4's ONNX graphs, as paddle2onnx wrote them (opset 9 and 11), made cheaper to run
// before onnxruntime loads them: the same functions, in fewer passes over the tensors.
// - PP-LCNetV3's learnable scale and shift after each convolution are Mul(scalar, conv) then
//   Add(., scalar), which onnxruntime does not fold (the constant comes first): folded into
//   the convolution's weights and bias (foldConvAffine).
// - hard-swish is Add(x, 3), Clip(0, 6), Mul(x, .), Div(., 6): four passes that also keep
//   onnxruntime from chaining its blocked convolutions. Rewritten as HardSigmoid(x; 1/6, 0.5)
//   then Mul(x, .) (fuseHardSwish), operators opset 9 already has.
// - the recogniser's output, a distribution over 6,625 classes per column, of which CTC decoding
//   reads three numbers (the winning class, its probability, the space class's): those three are
//   taken in the graph (ctcTail), so no distribution is copied out of onnxruntime and scanned in
//   JavaScript (ctcSteps.mjs did that in the worker), the same float32 values.
// Measured in docs/ocr.md. A minimal reader and writer of the protobuf wire format does it,
// enough of ONNX's ModelProto for this; every other field is kept byte for byte.

interface Field {
  no: number;
  wire: number;
  /** varint value (wire 0) */
  int?: bigint;
  /** payload of wire 2; the 4 or 8 bytes of wire 5 / 1 */
  bytes?: Uint8Array;
}

function readVarint(buf: Uint8Array, pos: number): [bigint, number] {
  let v = 0n;
  let shift = 0n;
  for (;;) {
    const b = buf[pos++]!;
    v |= BigInt(b & 0x7f) << shift;
    if (b < 0x80) return [v, pos];
    shift += 7n;
  }
}

function parse(buf: Uint8Array): Field[] {
  const out: Field[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const [key, p] = readVarint(buf, pos);
    const no = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === 0) {
      const [v, q] = readVarint(buf, p);
      out.push({ no, wire, int: v });
      pos = q;
    } else if (wire === 2) {
      const [len, q] = readVarint(buf, p);
      out.push({ no, wire, bytes: buf.subarray(q, q + Number(len)) });
      pos = q + Number(len);
    } else if (wire === 5 || wire === 1) {
      const n = wire === 5 ? 4 : 8;
      out.push({ no, wire, bytes: buf.subarray(p, p + n) });
      pos = p + n;
    } else throw new Error(`ONNX model: unsupported protobuf wire type ${wire}`);
  }
  return out;
}

function varint(v: bigint): number[] {
  const out: number[] = [];
  let x = BigInt.asUintN(64, v);
  while (x >= 0x80n) {
    out.push(Number(x & 0x7fn) | 0x80);
    x >>= 7n;
  }
  out.push(Number(x));
  return out;
}

function serialise(fields: Field[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const f of fields) {
    const head = varint(BigInt((f.no << 3) | f.wire));
    if (f.wire === 0) parts.push(Uint8Array.from([...head, ...varint(f.int!)]));
    else {
      parts.push(Uint8Array.from(f.wire === 2 ? [...head, ...varint(BigInt(f.bytes!.length))] : head));
      parts.push(f.bytes!);
    }
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const decoder = new TextDecoder();
const str = (f: Field): string => decoder.decode(f.bytes);
const strField = (no: number, s: string): Field => ({ no, wire: 2, bytes: new TextEncoder().encode(s) });
const msgField = (no: number, fields: Field[]): Field => ({ no, wire: 2, bytes: serialise(fields) });
const float32 = (b: Uint8Array): number => new DataView(b.buffer, b.byteOffset, b.length).getFloat32(0, true);

// ModelProto: 7 graph. GraphProto: 1 node, 12 output. NodeProto: 1 input, 2 output, 4 op_type,
// 5 attribute. AttributeProto: 1 name, 2 f, 5 t, 20 type. TensorProto: 1 dims, 2 data_type,
// 8 name, 9 raw_data.

interface Node { fields: Field[]; op: string; inputs: string[]; outputs: string[] }
interface Tensor { dims: number[]; data: Float32Array }

function nodeOf(bytes: Uint8Array): Node {
  const fields = parse(bytes);
  return {
    fields,
    op: str(fields.find((f) => f.no === 4)!),
    inputs: fields.filter((f) => f.no === 1).map(str),
    outputs: fields.filter((f) => f.no === 2).map(str),
  };
}

/** The node with other inputs, outputs, operator (and attributes, when given). */
function rewired(n: Node, op: string, inputs: string[], outputs: string[], attrs?: Field[]): Field[] {
  const rest = n.fields.filter((f) => f.no !== 1 && f.no !== 2 && f.no !== 4 && (attrs === undefined || f.no !== 5));
  return [...inputs.map((s) => strField(1, s)), ...outputs.map((s) => strField(2, s)), strField(4, op), ...rest, ...(attrs ?? [])];
}

function attrs(n: Node): Field[][] {
  return n.fields.filter((f) => f.no === 5).map((f) => parse(f.bytes!));
}

/** A Constant node's float32 tensor (raw data), if it is one. */
function tensorOf(n: Node): Tensor | undefined {
  const t = attrs(n).find((a) => a.some((f) => f.no === 1 && str(f) === 'value'))?.find((f) => f.no === 5);
  if (!t) return undefined;
  const tf = parse(t.bytes!);
  const raw = tf.find((f) => f.no === 9)?.bytes;
  if (tf.find((f) => f.no === 2)?.int !== 1n || !raw) return undefined;
  const dims = tf.filter((f) => f.no === 1).map((f) => Number(f.int));
  const view = new DataView(raw.buffer, raw.byteOffset, raw.length);
  const data = new Float32Array(raw.length / 4);
  for (let i = 0; i < data.length; i++) data[i] = view.getFloat32(i * 4, true);
  return data.length === dims.reduce((a, b) => a * b, 1) ? { dims, data } : undefined;
}

function constantNode(name: string, t: Tensor): Field[] {
  const raw = new Uint8Array(t.data.length * 4);
  const view = new DataView(raw.buffer);
  t.data.forEach((v, i) => view.setFloat32(i * 4, v, true));
  const tensor: Field[] = [...t.dims.map((d) => ({ no: 1, wire: 0, int: BigInt(d) })), { no: 2, wire: 0, int: 1n }, strField(8, name), { no: 9, wire: 2, bytes: raw }];
  return [strField(2, name), strField(4, 'Constant'), msgField(5, [strField(1, 'value'), msgField(5, tensor), { no: 20, wire: 0, int: 4n }])];
}

function floatAttr(name: string, v: number): Field {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setFloat32(0, v, true);
  return msgField(5, [strField(1, name), { no: 2, wire: 5, bytes: b }, { no: 20, wire: 0, int: 1n }]);
}

/** A model's graph being rewritten: nodes replaced or dropped, new nodes put before others. */
class Graph {
  private readonly top: Field[];
  private readonly fields: Field[];
  readonly nodes: (Node | undefined)[];
  private readonly uses = new Map<string, number>();
  private readonly constants = new Map<string, Node>();
  private readonly scalars = new Map<string, number | undefined>();
  private readonly replaced = new Map<number, Field[] | null>();
  private readonly before = new Map<number, Field[][]>();

  constructor(model: Uint8Array) {
    this.top = parse(model);
    this.fields = parse(this.top.find((f) => f.no === 7)!.bytes!);
    this.nodes = this.fields.map((f) => (f.no === 1 ? nodeOf(f.bytes!) : undefined));
    for (const n of this.nodes) {
      if (!n) continue;
      if (n.op === 'Constant') this.constants.set(n.outputs[0]!, n);
      for (const s of n.inputs) this.use(s, 1);
    }
    // The graph's outputs are never rewritten away.
    for (const f of this.fields.filter((f) => f.no === 12)) this.use(str(parse(f.bytes!).find((x) => x.no === 1)!), 100);
  }

  use(name: string, n: number): void {
    this.uses.set(name, (this.uses.get(name) ?? 0) + n);
  }

  isConstant(name: string): boolean {
    return this.constants.has(name);
  }

  tensor(name: string): Tensor | undefined {
    const n = this.constants.get(name);
    return n && tensorOf(n);
  }

  scalar(name: string): number | undefined {
    if (!this.scalars.has(name)) {
      const t = this.tensor(name);
      this.scalars.set(name, t?.data.length === 1 ? t.data[0] : undefined);
    }
    return this.scalars.get(name);
  }

  /** The one node reading `name`, when nothing else reads it and it was not rewritten yet. */
  soleReader(name: string): [number, Node] | undefined {
    if (this.uses.get(name) !== 1) return undefined;
    const i = this.nodes.findIndex((n) => n?.inputs.includes(name));
    return i < 0 || this.replaced.has(i) ? undefined : [i, this.nodes[i]!];
  }

  readOnce(name: string): boolean {
    return this.uses.get(name) === 1;
  }

  replace(i: number, fields: Field[] | null): void {
    this.replaced.set(i, fields);
  }

  done(i: number): boolean {
    return this.replaced.has(i);
  }

  insertBefore(i: number, node: Field[]): void {
    this.before.set(i, [...(this.before.get(i) ?? []), node]);
  }

  model(): Uint8Array {
    this.nodes.forEach((n, i) => {
      if (n?.op === 'Constant' && !this.replaced.has(i) && (this.uses.get(n.outputs[0]!) ?? 0) <= 0) this.replaced.set(i, null);
    });
    const graph: Field[] = [];
    this.fields.forEach((f, i) => {
      for (const e of this.before.get(i) ?? []) graph.push(msgField(1, e));
      const r = this.replaced.get(i);
      if (r !== null) graph.push(r ? msgField(1, r) : f);
    });
    return serialise(this.top.map((f) => (f.no === 7 ? msgField(7, graph) : f)));
  }
}

/** Conv(x, W, b) * s + t, s and t scalars, becomes Conv(x, W * s, b * s + t). */
export function foldConvAffine(model: Uint8Array): { model: Uint8Array; folded: number } {
  const g = new Graph(model);
  let folded = 0;
  g.nodes.forEach((conv, ci) => {
    if (conv?.op !== 'Conv' || conv.inputs.length < 2) return;
    const [mi, mul] = g.soleReader(conv.outputs[0]!) ?? [];
    if (mi === undefined || mul?.op !== 'Mul' || mul.inputs.length !== 2) return;
    const sName = mul.inputs.find((s) => s !== conv.outputs[0])!;
    const s = g.scalar(sName);
    if (s === undefined) return;
    const [ai, add] = g.soleReader(mul.outputs[0]!) ?? [];
    const tName = add?.op === 'Add' && add.inputs.length === 2 ? add.inputs.find((x) => x !== mul.outputs[0]) : undefined;
    const t = tName === undefined ? undefined : g.scalar(tName);
    const [wName, bName] = [conv.inputs[1]!, conv.inputs[2]];
    if (!g.readOnce(wName) || (bName !== undefined && !g.readOnce(bName))) return;
    const W = g.tensor(wName);
    const B = bName === undefined ? W && { dims: [W.dims[0]!], data: new Float32Array(W.dims[0]!) } : g.tensor(bName);
    if (!W || !B || B.data.length !== W.dims[0]) return;
    const wNew = `${wName}.folded`;
    const bNew = `${bName ?? conv.outputs[0]}.bias.folded`;
    g.insertBefore(ci, constantNode(wNew, { dims: W.dims, data: W.data.map((v) => v * s) }));
    g.insertBefore(ci, constantNode(bNew, { dims: B.dims, data: B.data.map((v) => v * s + (t ?? 0)) }));
    g.replace(ci, rewired(conv, 'Conv', [conv.inputs[0]!, wNew, bNew], (t !== undefined ? add! : mul).outputs));
    g.replace(mi, null);
    if (t !== undefined) g.replace(ai!, null);
    for (const c of [wName, bName, sName, t !== undefined ? tName : undefined]) if (c !== undefined) g.use(c, -1);
    folded++;
  });
  return { model: g.model(), folded };
}

/** The convolution adds no padding (then a constant shift of its input is a change of its bias). */
function unpadded(n: Node): boolean {
  for (const a of attrs(n)) {
    const name = str(a.find((x) => x.no === 1)!);
    if (name === 'auto_pad' && a.some((x) => x.no === 4 && str(x) !== 'NOTSET' && str(x) !== 'VALID')) return false;
    if (name !== 'pads') continue;
    for (const f of a.filter((x) => x.no === 8)) {
      if (f.wire === 0 && f.int !== 0n) return false;
      if (f.wire === 2 && f.bytes!.some((b) => b !== 0)) return false;
    }
  }
  return true;
}

/**
 * h * s + t feeding an unpadded Conv(., W, b), s and t scalars, becomes Conv(h, W * s, b + t * sum(W)):
 * the learnable scale and shift after each hard-swish, before a pointwise convolution.
 */
export function foldAffineConv(model: Uint8Array): { model: Uint8Array; folded: number } {
  const g = new Graph(model);
  let folded = 0;
  g.nodes.forEach((mul, mi) => {
    if (mul?.op !== 'Mul' || mul.inputs.length !== 2 || g.done(mi)) return;
    const sName = mul.inputs.find((x) => g.isConstant(x));
    const h = mul.inputs.find((x) => x !== sName);
    const s = sName === undefined ? undefined : g.scalar(sName);
    if (s === undefined || h === undefined) return;
    const [ai, add] = g.soleReader(mul.outputs[0]!) ?? [];
    const tName = add?.op === 'Add' && add.inputs.length === 2 ? add.inputs.find((x) => x !== mul.outputs[0]) : undefined;
    const t = tName === undefined ? undefined : g.scalar(tName);
    if (t === undefined) return;
    const [ci, conv] = g.soleReader(add!.outputs[0]!) ?? [];
    if (ci === undefined || conv?.op !== 'Conv' || conv.inputs[0] !== add!.outputs[0] || !unpadded(conv)) return;
    const [wName, bName] = [conv.inputs[1]!, conv.inputs[2]];
    if (!g.readOnce(wName) || (bName !== undefined && !g.readOnce(bName))) return;
    const W = g.tensor(wName);
    const B = bName === undefined ? W && { dims: [W.dims[0]!], data: new Float32Array(W.dims[0]!) } : g.tensor(bName);
    if (!W || !B || B.data.length !== W.dims[0]) return;
    const per = W.data.length / W.dims[0]!;
    const bias = B.data.map((b, o) => b + t * W.data.subarray(o * per, (o + 1) * per).reduce((a, v) => a + v, 0));
    const wNew = `${wName}.scaled`;
    const bNew = `${bName ?? conv.outputs[0]}.bias.shifted`;
    g.insertBefore(ci, constantNode(wNew, { dims: W.dims, data: W.data.map((v) => v * s) }));
    g.insertBefore(ci, constantNode(bNew, { dims: B.dims, data: bias }));
    g.replace(ci, rewired(conv, 'Conv', [h, wNew, bNew], conv.outputs));
    g.replace(mi, null);
    g.replace(ai!, null);
    for (const c of [wName, bName, sName, tName]) if (c !== undefined) g.use(c, -1);
    folded++;
  });
  return { model: g.model(), folded };
}

/** Clip's bounds: attributes up to opset 10, inputs from 11. */
function clipRange(g: Graph, n: Node): [number, number] {
  let lo = n.inputs[1] ? (g.scalar(n.inputs[1]) ?? NaN) : -Infinity;
  let hi = n.inputs[2] ? (g.scalar(n.inputs[2]) ?? NaN) : Infinity;
  for (const a of attrs(n)) {
    const name = str(a.find((x) => x.no === 1)!);
    const v = a.find((x) => x.no === 2)?.bytes;
    if (v && name === 'min') lo = float32(v);
    if (v && name === 'max') hi = float32(v);
  }
  return [lo, hi];
}

/** Add(x, 3), Clip(0, 6), Mul(x, .), Div(., 6) becomes HardSigmoid(x; 1/6, 0.5), Mul(x, .). */
export function fuseHardSwish(model: Uint8Array): { model: Uint8Array; fused: number } {
  const g = new Graph(model);
  let fused = 0;
  g.nodes.forEach((add, ai) => {
    if (add?.op !== 'Add' || add.inputs.length !== 2) return;
    const k = add.inputs.findIndex((s) => g.scalar(s) === 3);
    const x = add.inputs[1 - k];
    if (k < 0 || x === undefined || g.isConstant(x)) return;
    const [ci, clip] = g.soleReader(add.outputs[0]!) ?? [];
    if (ci === undefined || clip?.op !== 'Clip' || clip.inputs[0] !== add.outputs[0]) return;
    const [lo, hi] = clipRange(g, clip);
    if (lo !== 0 || hi !== 6) return;
    const [mi, mul] = g.soleReader(clip.outputs[0]!) ?? [];
    if (mi === undefined || mul?.op !== 'Mul' || !mul.inputs.includes(x)) return;
    const [di, div] = g.soleReader(mul.outputs[0]!) ?? [];
    if (di === undefined || div?.op !== 'Div' || div.inputs[0] !== mul.outputs[0] || g.scalar(div.inputs[1]!) !== 6) return;
    g.replace(ai, null);
    g.replace(ci, rewired(clip, 'HardSigmoid', [x], clip.outputs, [floatAttr('alpha', 1 / 6), floatAttr('beta', 0.5)]));
    g.replace(mi, rewired(mul, 'Mul', [x, clip.outputs[0]!], div.outputs));
    g.replace(di, null);
    for (const c of [add.inputs[k]!, ...clip.inputs.slice(1), div.inputs[1]!]) g.use(c, -1);
    fused++;
  });
  return { model: g.model(), fused };
}

const intAttr = (name: string, v: number): Field => msgField(5, [strField(1, name), { no: 3, wire: 0, int: BigInt(v) }, { no: 20, wire: 0, int: 2n }]);
const intsAttr = (name: string, vs: number[]): Field =>
  msgField(5, [strField(1, name), ...vs.map((v) => ({ no: 8, wire: 0, int: BigInt(v) })), { no: 20, wire: 0, int: 7n }]);
const nodeFields = (op: string, inputs: string[], outputs: string[], attributes: Field[] = []): Field[] =>
  [...inputs.map((s) => strField(1, s)), ...outputs.map((s) => strField(2, s)), strField(4, op), ...attributes];

/** The output ctcTail gives the recogniser: [batch, columns, 3] float32. */
export const CTC_STEPS = 'ctc_steps';

/**
 * The recogniser answering per column what CTC decoding reads (ctcSteps.mjs): the winning class
 * (the first of the highest, as a float: exact far beyond 6,625), its probability and the class
 * `spaceClass`'s probability, as [batch, columns, 3], from its one output [batch, columns, classes]
 * (ArgMax, ReduceMax and Slice over the classes: the same float32 values, opset 9's operators).
 */
export function ctcTail(model: Uint8Array, spaceClass: number): Uint8Array {
  const top = parse(model);
  const graph = parse(top.find((f) => f.no === 7)!.bytes!);
  const outputs = graph.filter((f) => f.no === 12);
  if (outputs.length !== 1 || spaceClass <= 0) throw new Error('ctcTail: a model with one output and a space class');
  const y = str(parse(outputs[0]!.bytes!).find((f) => f.no === 1)!);
  const nodes = [
    nodeFields('ArgMax', [y], [`${y}.best`], [intAttr('axis', 2), intAttr('keepdims', 1)]),
    nodeFields('Cast', [`${y}.best`], [`${y}.bestf`], [intAttr('to', 1)]),
    nodeFields('ReduceMax', [y], [`${y}.max`], [intsAttr('axes', [2]), intAttr('keepdims', 1)]),
    nodeFields('Slice', [y], [`${y}.space`], [intsAttr('starts', [spaceClass]), intsAttr('ends', [spaceClass + 1]), intsAttr('axes', [2])]),
    nodeFields('Concat', [`${y}.bestf`, `${y}.max`, `${y}.space`], [CTC_STEPS], [intAttr('axis', 2)]),
  ];
  // ValueInfoProto: 1 name, 2 type; TypeProto: 1 tensor_type; its 1 elem_type (1: float), shape left open.
  const output = msgField(12, [strField(1, CTC_STEPS), msgField(2, [msgField(1, [{ no: 1, wire: 0, int: 1n }])])]);
  const rewritten = [...graph.filter((f) => f.no !== 12), ...nodes.map((n) => msgField(1, n)), output];
  return serialise(top.map((f) => (f.no === 7 ? msgField(7, rewritten) : f)));
}

/** Both rewrites, in the order they apply (a folded convolution feeds the hard-swish). */
export function optimiseModel(model: Uint8Array): Uint8Array {
  return fuseHardSwish(foldAffineConv(foldConvAffine(model).model).model).model;
}

// Just enough RMTP to follow a recording (header, topic, message id, statuses, both CONNACK
// layouts), written from the reference note (envelope.md § 2-4, official-sdk-5x.md
// "Connection") and independent of RongWire's codec, which is what the harness checks. Bodies
// are left as bytes: `rongwire frame decode` is the decoder under test.

export const TYPES = ['SYMMETRIC', 'CONNECT', 'CONNACK', 'PUBLISH', 'PUBACK', 'QUERY', 'QUERYACK',
  'QUERYCON', 'SUBSCRIBE', 'SUBACK', 'UNSUBSCRIBE', 'UNSUBACK', 'PINGREQ', 'PINGRESP', 'DISCONNECT', 'RESERVER2'];

class Reader {
  constructor(bytes) { this.b = bytes; this.i = 0; }
  get left() { return this.b.length - this.i; }
  need(n) { if (this.left < n) throw new Error(`truncated at byte ${this.i} (need ${n}, have ${this.left})`); }
  u8() { this.need(1); return this.b[this.i++]; }
  u16() { this.need(2); const v = (this.b[this.i] << 8) | this.b[this.i + 1]; this.i += 2; return v; }
  u32() { this.need(4); const v = this.b.readUInt32BE(this.i); this.i += 4; return v; }
  u64() { this.need(8); const v = this.b.readBigUInt64BE(this.i); this.i += 8; return Number(v); }
  str() { const n = this.u16(); this.need(n); const s = this.b.subarray(this.i, this.i + n).toString('utf8'); this.i += n; return s; }
  rest() { const r = this.b.subarray(this.i); this.i = this.b.length; return r; }
}

/**
 * Reads one frame. `dir` is `client` (SDK → server) or `server`; `protocol` (3 or 4) decides the
 * CONNACK layout. Throws on bytes it cannot follow.
 */
export function readFrame(bytes, dir, protocol = 3) {
  const r = new Reader(Buffer.from(bytes));
  const h = r.u8();
  const type = (h >> 4) & 15;
  const out = { type: TYPES[type], qos: (h & 6) >> 1, dup: (h & 8) !== 0, retain: (h & 1) !== 0 };
  switch (out.type) {
    case 'CONNACK': {
      out.reserved = r.u8();
      out.status = r.u8();
      if (r.left > 0) {
        if (protocol === 4) {
          out.flags = r.u8();
          if (out.flags & 1) out.userId = r.str();
          if (out.flags & 2) out.sessionId = r.str();
          if (out.flags & 4) out.timestamp = r.u64();
          if (out.flags & 8) out.messageId = r.u16();
        } else {
          out.userId = r.str();
          out.sessionId = r.str();
          out.timestamp = r.u64();
        }
      }
      break;
    }
    case 'PUBLISH':
      if (dir === 'server') out.date = r.u32();
      out.topic = r.str();
      out.targetId = r.str();
      out.messageId = r.u16();
      out.payload = r.rest();
      break;
    case 'QUERY':
      out.topic = r.str();
      out.targetId = r.str();
      out.messageId = r.u16();
      out.payload = r.rest();
      break;
    case 'PUBACK':
      out.messageId = r.u16();
      if (dir === 'server') {
        out.date = r.u32();
        out.status = r.u16();
        if (r.left >= 2) out.millisecond = r.u16();
        if (r.left >= 2) out.messageUId = r.str();
      }
      break;
    case 'QUERYACK':
      out.messageId = r.u16();
      out.date = r.u32();
      out.status = r.u16();
      out.payload = r.rest();
      break;
    case 'QUERYCON':
      out.messageId = r.u16();
      break;
    case 'DISCONNECT':
      out.reserved = r.u8();
      out.status = r.u8();
      break;
    default:
      out.payload = r.rest();
  }
  return out;
}

/** Reads a protobuf body's top-level fields (number → first value) for small checks. */
export function protobufFields(bytes) {
  const b = Buffer.from(bytes);
  const fields = {};
  let i = 0;
  const varint = () => {
    let v = 0n; let shift = 0n;
    for (;;) {
      if (i >= b.length) throw new Error('truncated varint');
      const c = b[i++];
      v |= BigInt(c & 0x7f) << shift;
      if (!(c & 0x80)) return v;
      shift += 7n;
    }
  };
  while (i < b.length) {
    const key = Number(varint());
    const field = key >> 3;
    const wire = key & 7;
    let value;
    if (wire === 0) value = Number(varint());
    else if (wire === 2) { const n = Number(varint()); value = b.subarray(i, i + n); i += n; }
    else if (wire === 1) { value = b.subarray(i, i + 8); i += 8; }
    else if (wire === 5) { value = b.subarray(i, i + 4); i += 4; }
    else throw new Error(`wire type ${wire}`);
    (fields[field] ??= []).push(value);
  }
  return fields;
}

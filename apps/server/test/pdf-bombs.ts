import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { constants, deflateRawSync } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

// Decompression bombs for the processing tests and bench/decks.ts: small PDFs whose page content
// stream decodes to hundreds of megabytes. Every builder works in constant memory (a 1 GiB bomb
// must not cost the test process 1 GiB before the server even sees it), so nothing here depends
// on vitest or the server's own modules.

const mebibyte = 1024 * 1024;
const space = 0x20;

/** The zlib Adler-32 of `prefix` followed by `count` copies of `fill`, without materialising them. */
function adler32(prefix: Uint8Array, fill: number, count: number): number {
  const mod = 65_521n;
  let a = 1n;
  let b = 0n;
  for (const byte of prefix) {
    a = (a + BigInt(byte)) % mod;
    b = (b + a) % mod;
  }
  // After n more equal bytes c: a grows by n·c, and b by n·a + c·n(n+1)/2.
  const n = BigInt(count);
  const c = BigInt(fill);
  b = (b + n * a + (c * n * (n + 1n)) / 2n) % mod;
  a = (a + n * c) % mod;
  return Number((b << 16n) | a);
}

/**
 * A zlib stream of `prefix` then `count` bytes of `fill`. Each mebibyte is deflated on its own
 * and ends in a full flush, which resets the compressor: the blocks of every mebibyte are then
 * the same bytes, so a 1 GiB stream is one small block repeated, about 1 KB per MiB.
 */
export function zlibOfRepeats(prefix: Uint8Array, fill: number, count: number): Buffer {
  const flushed = (bytes: Uint8Array) => deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const whole = flushed(Buffer.alloc(mebibyte, fill));
  const parts: Buffer[] = [Buffer.from([0x78, 0xda]), flushed(prefix)];
  for (let left = count; left > 0; left -= mebibyte) {
    parts.push(left >= mebibyte ? whole : flushed(Buffer.alloc(left, fill)));
  }
  // An empty final block ends the deflate stream.
  parts.push(deflateRawSync(Buffer.alloc(0)));
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(adler32(prefix, fill, count) >>> 0);
  parts.push(checksum);
  return Buffer.concat(parts);
}

/**
 * A PDF LZWDecode stream (EarlyChange 1) of `count` bytes of `fill`. A run of one byte is LZW's
 * best case: each code stands for one byte more than the last, so a table's worth of codes
 * (about 3,800, 5 KB) covers 7 MB.
 */
export function lzwOfRepeats(fill: number, count: number): Buffer {
  const out: number[] = [];
  let bitBuffer = 0;
  let bitCount = 0;
  const write = (code: number, width: number) => {
    bitBuffer = (bitBuffer << width) | code;
    bitCount += width;
    while (bitCount >= 8) {
      out.push((bitBuffer >>> (bitCount - 8)) & 0xff);
      bitCount -= 8;
    }
    bitBuffer &= (1 << bitCount) - 1;
  };
  const clear = 256;
  const end = 257;
  // EarlyChange: the reader widens its codes one entry before the table needs it.
  const widthFor = (nextEntry: number) =>
    nextEntry + 1 >= 2048 ? 12 : nextEntry + 1 >= 1024 ? 11 : nextEntry + 1 >= 512 ? 10 : 9;
  let width = 9;
  let nextEntry = 258;
  let run = 1;
  let isFirst = true;
  write(clear, width);
  for (let left = count; left > 0; ) {
    // Start a fresh table before the reader's 4,096 entries run out.
    if (nextEntry >= 4090) {
      write(clear, width);
      width = 9;
      nextEntry = 258;
      run = 1;
      isFirst = true;
    }
    // After the byte itself, code 256 + n stands for a run of n bytes: each code the reader
    // meets is the entry it is about to add (previous run plus one byte).
    const take = Math.min(run, left);
    write(take === 1 ? fill : 256 + take, width);
    left -= take;
    if (!isFirst) {
      nextEntry += 1;
      width = widthFor(nextEntry);
    }
    isFirst = false;
    run += 1;
  }
  write(end, width);
  if (bitCount > 0) write(0, 8 - bitCount);
  return Buffer.from(out);
}

/** How a bomb hides its size from a reader that trusts what it is handed. */
export type BombKind =
  /** One FlateDecode page content stream. */
  | 'flate'
  /** FlateDecode applied twice: the first pass yields a small stream that is itself a bomb. */
  | 'flate-twice'
  /** LZWDecode, the other compressing filter pdf.js decodes. */
  | 'lzw'
  /** A FlateDecode content stream stored inside a compressed object stream. */
  | 'in-object-stream'
  /** A content stream whose dictionary says it is a 1×1 image, which text extraction skips. */
  | 'image-as-content'
  /** The filter name held in another object, so the stream's own dictionary names none. */
  | 'indirect-filter'
  /** Hex-encoded zlib: the bomb only appears after a first, shrinking filter. */
  | 'hex-then-flate'
  /** Encrypted with RC4 (128-bit, revision 3) and no user password, as permission-locked PDFs are. */
  | 'encrypted-rc4'
  /** Encrypted with AES-256 (revision 6) and no user password. */
  | 'encrypted-aes256';

const contentPrefix = 'BT /F1 24 Tf 72 400 Td (Quarterly plan) Tj ET\n';

type StreamDictionary = NonNullable<Parameters<PDFDocument['context']['stream']>[1]>;

/**
 * A one-page PDF whose content stream decodes to about `decodedBytes` bytes, nearly all of
 * them spaces: harmless to draw, which is why only the decoded size can tell it apart.
 */
export async function bombPdf(decodedBytes: number, kind: BombKind = 'flate'): Promise<Uint8Array> {
  const prefix = Buffer.from(contentPrefix, 'latin1');
  const spaces = decodedBytes - prefix.length;
  if (kind === 'in-object-stream') return objectStreamBomb(zlibOfRepeats(prefix, space, spaces));
  if (kind === 'encrypted-rc4' || kind === 'encrypted-aes256') {
    return encryptedBomb(zlibOfRepeats(prefix, space, spaces), kind === 'encrypted-rc4' ? 'rc4' : 'aes256');
  }
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([960, 540]);
  page.drawText('Quarterly plan', { x: 72, y: 460, size: 24, font });
  const context = document.context;
  const names = (...filters: string[]) => filters.map((name) => PDFName.of(name));
  let stream: Uint8Array = zlibOfRepeats(prefix, space, spaces);
  let dict: StreamDictionary = { Filter: names('FlateDecode') };
  if (kind === 'lzw') {
    // The prefix is left out: an LZW run of one byte is all this builder writes.
    stream = lzwOfRepeats(space, decodedBytes);
    dict = { Filter: names('LZWDecode') };
  } else if (kind === 'flate-twice') {
    stream = zlibOfRepeats(stream, 0, 0);
    dict = { Filter: names('FlateDecode', 'FlateDecode') };
  } else if (kind === 'image-as-content') {
    dict = { ...dict, Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, BitsPerComponent: 8 };
  } else if (kind === 'indirect-filter') {
    dict = { Filter: context.register(PDFName.of('FlateDecode')) };
  } else if (kind === 'hex-then-flate') {
    stream = Buffer.from(`${Buffer.from(stream).toString('hex')}>`, 'latin1');
    dict = { Filter: names('ASCIIHexDecode', 'FlateDecode') };
  }
  page.node.addContentStream(context.register(context.stream(stream, dict)));
  return document.save();
}

/**
 * A PDF written by hand, because pdf-lib never puts a stream inside an object stream (the
 * format forbids it, and pdf.js reads it anyway): object 5, the page's content stream, lives in
 * the compressed object stream 6 and is found through the cross-reference stream 7.
 */
function objectStreamBomb(content: Buffer): Uint8Array {
  const inner = Buffer.concat([
    Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
    content,
    Buffer.from('\nendstream', 'latin1'),
  ]);
  const header = Buffer.from('5 0 ', 'latin1');
  const objectStream = zlibOfRepeats(Buffer.concat([header, inner]), 0, 0);
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets = new Map<number, number>();
  let length = parts[0]?.length ?? 0;
  const add = (number: number, body: Buffer) => {
    offsets.set(number, length);
    const bytes = Buffer.concat([
      Buffer.from(`${number} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(bytes);
    length += bytes.length;
  };
  const text = (value: string) => Buffer.from(value, 'latin1');
  add(1, text('<< /Type /Catalog /Pages 2 0 R >>'));
  add(2, text('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'));
  add(
    3,
    text(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 960 540] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    ),
  );
  add(4, text('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'));
  add(
    6,
    Buffer.concat([
      text(
        `<< /Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${objectStream.length} >>\nstream\n`,
      ),
      objectStream,
      text('\nendstream'),
    ]),
  );
  // Cross-reference entries: type (1 byte), offset or object stream (4), generation or index (2).
  const entries = Buffer.alloc(8 * 7);
  const entry = (number: number, type: number, field2: number, field3: number) => {
    entries.writeUInt8(type, number * 7);
    entries.writeUInt32BE(field2, number * 7 + 1);
    entries.writeUInt16BE(field3, number * 7 + 5);
  };
  entry(0, 0, 0, 0xffff);
  for (const number of [1, 2, 3, 4, 6]) entry(number, 1, offsets.get(number) ?? 0, 0);
  entry(5, 2, 6, 0);
  entry(7, 1, length, 0);
  const xrefOffset = length;
  add(
    7,
    Buffer.concat([
      text(`<< /Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R /Length ${entries.length} >>\nstream\n`),
      entries,
      text('\nendstream'),
    ]),
  );
  parts.push(text(`startxref\n${xrefOffset}\n%%EOF\n`));
  // pdf.js refuses a Buffer: it wants a plain Uint8Array it can transfer.
  return new Uint8Array(Buffer.concat(parts));
}

/** Objects written in order with a classic cross-reference table; `trailer` is the trailer's body. */
function classicPdf(objects: [number, Buffer][], trailer: string): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const offsets = new Map<number, number>();
  for (const [number, body] of objects) {
    offsets.set(number, length);
    const bytes = Buffer.concat([
      Buffer.from(`${number} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(bytes);
    length += bytes.length;
  }
  const size = Math.max(...objects.map(([number]) => number)) + 1;
  const rows = Array.from({ length: size }, (_, number) =>
    number === 0 ? '0000000000 65535 f \n' : `${String(offsets.get(number) ?? 0).padStart(10, '0')} 00000 n \n`,
  );
  parts.push(
    Buffer.from(
      `xref\n0 ${size}\n${rows.join('')}trailer\n<< /Size ${size} ${trailer} >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

const passwordPadding = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
const md5 = (...parts: Uint8Array[]) => parts.reduce((hash, part) => hash.update(part), createHash('md5')).digest();

function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  let j = 0;
  for (let index = 0; index < 256; index += 1) {
    j = (j + (state[index] ?? 0) + (key[index % key.length] ?? 0)) & 0xff;
    [state[index], state[j]] = [state[j] ?? 0, state[index] ?? 0];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let at = 0; at < data.length; at += 1) {
    i = (i + 1) & 0xff;
    j = (j + (state[i] ?? 0)) & 0xff;
    [state[i], state[j]] = [state[j] ?? 0, state[i] ?? 0];
    out[at] = (data[at] ?? 0) ^ (state[((state[i] ?? 0) + (state[j] ?? 0)) & 0xff] ?? 0);
  }
  return out;
}

/** RC4 under `key` then under `key` XOR 1 … 19, as revision 3 computes O and U. */
function rc4Twenty(key: Buffer, data: Buffer): Buffer {
  let out = rc4(key, data);
  for (let round = 1; round <= 19; round += 1)
    out = rc4(
      key.map((byte) => byte ^ round),
      out,
    );
  return out;
}

/** ISO 32000-2 algorithm 2.B for the empty password. */
function revision6Hash(input: Buffer): Buffer {
  let key = createHash('sha256').update(input).digest();
  let encrypted = Buffer.from([0]);
  for (let round = 0; round < 64 || (encrypted.at(-1) ?? 0) > round - 32; round += 1) {
    const cipher = createCipheriv('aes-128-cbc', key.subarray(0, 16), key.subarray(16, 32)).setAutoPadding(false);
    encrypted = Buffer.concat([cipher.update(Buffer.concat(Array(64).fill(key))), cipher.final()]);
    const sum = encrypted.subarray(0, 16).reduce((total, byte) => total + byte, 0);
    key = createHash(['sha256', 'sha384', 'sha512'][sum % 3] ?? 'sha256')
      .update(encrypted)
      .digest();
  }
  return key.subarray(0, 32);
}

/**
 * A one-page PDF whose content stream (object 5) is `content` encrypted the way a PDF locked
 * with an owner password only is: any reader opens it without asking, after decrypting.
 */
function encryptedBomb(content: Buffer, method: 'rc4' | 'aes256'): Uint8Array {
  const fileId = randomBytes(16);
  const permissions = -3904;
  const hex = (bytes: Buffer) => `<${bytes.toString('hex')}>`;
  let encryptDict: string;
  let encrypted: Buffer;
  if (method === 'rc4') {
    // Revision 3, 128-bit: O from the owner password, the file key from O, U to check it.
    const ownerKey = Array.from({ length: 50 }).reduce<Buffer>(
      (hash) => md5(hash),
      md5(Buffer.concat([Buffer.from('owner'), passwordPadding]).subarray(0, 32)),
    );
    const owner = rc4Twenty(ownerKey, passwordPadding);
    const p = Buffer.alloc(4);
    p.writeInt32LE(permissions);
    const fileKey = Array.from({ length: 50 }).reduce<Buffer>(
      (hash) => md5(hash),
      md5(passwordPadding, owner, p, fileId),
    );
    const user = Buffer.concat([rc4Twenty(fileKey, md5(passwordPadding, fileId)), Buffer.alloc(16)]);
    const objectKey = md5(fileKey, Buffer.from([5, 0, 0, 0, 0]));
    encrypted = rc4(objectKey, content);
    encryptDict = `<< /Filter /Standard /V 2 /R 3 /Length 128 /P ${permissions} /O ${hex(owner)} /U ${hex(user)} >>`;
  } else {
    // Revision 6: a random file key, stored encrypted under a hash of the empty password.
    const fileKey = randomBytes(32);
    const validationSalt = randomBytes(8);
    const keySalt = randomBytes(8);
    const user = Buffer.concat([revision6Hash(validationSalt), validationSalt, keySalt]);
    const wrap = createCipheriv('aes-256-cbc', revision6Hash(keySalt), Buffer.alloc(16)).setAutoPadding(false);
    const userKey = Buffer.concat([wrap.update(fileKey), wrap.final()]);
    const iv = randomBytes(16);
    const cipher = createCipheriv('aes-256-cbc', fileKey, iv);
    encrypted = Buffer.concat([iv, cipher.update(content), cipher.final()]);
    encryptDict =
      `<< /Filter /Standard /V 5 /R 6 /Length 256 /P ${permissions} /O ${hex(randomBytes(48))} /U ${hex(user)}` +
      ` /OE ${hex(randomBytes(32))} /UE ${hex(userKey)} /Perms ${hex(randomBytes(16))}` +
      ' /CF << /StdCF << /CFM /AESV3 /AuthEvent /DocOpen /Length 32 >> >> /StmF /StdCF /StrF /StdCF >>';
  }
  const text = (value: string) => Buffer.from(value, 'latin1');
  return classicPdf(
    [
      [1, text('<< /Type /Catalog /Pages 2 0 R >>')],
      [2, text('<< /Type /Pages /Kids [3 0 R] /Count 1 >>')],
      [
        3,
        text(
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 960 540] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
        ),
      ],
      [4, text('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')],
      [
        5,
        Buffer.concat([
          text(`<< /Length ${encrypted.length} /Filter /FlateDecode >>\nstream\n`),
          encrypted,
          text('\nendstream'),
        ]),
      ],
      [6, text(encryptDict)],
    ],
    `/Root 1 0 R /Encrypt 6 0 R /ID [${hex(fileId)} ${hex(fileId)}]`,
  );
}

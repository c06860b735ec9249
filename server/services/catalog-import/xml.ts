/**
 * Streaming XML reading for the importers (issue #15: "Streaming parse (a SAX-style parser from
 * npm), so memory stays flat with feed size"). Bytes are decoded in the document's own encoding
 * (UTF-8 with or without BOM, windows-1251 as many YML feeds declare) and fed to saxes chunk by
 * chunk; the caller names the elements it wants whole ({@link XmlNode} subtrees: one offer, one
 * Товар) and gets each as it closes, so only one item is ever held in memory.
 */
import { createReadStream } from 'node:fs';
import { SaxesParser } from 'saxes';
import { ImportError } from './types';

/** An element captured whole: name, attributes, children and its own text. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** First child named `name`, or undefined. */
export const child = (node: XmlNode | undefined, name: string): XmlNode | undefined =>
  node?.children.find((c) => c.name === name);
/** All children named `name`. */
export const childrenOf = (node: XmlNode | undefined, name: string): XmlNode[] =>
  node?.children.filter((c) => c.name === name) ?? [];
/** Text of the first child named `name` (raw, uncleaned), or undefined. */
export const childText = (node: XmlNode | undefined, name: string): string | undefined => child(node, name)?.text;
/** Text at a path of child names ("Изготовитель/Наименование"). */
export function pathText(node: XmlNode | undefined, path: string): string | undefined {
  let cur = node;
  for (const part of path.split('/')) cur = child(cur, part);
  return cur?.text;
}

/** What {@link readXml} calls while it reads. */
export interface XmlHandlers {
  /** Whether the element at this path (names from the root, the element last) is wanted whole. */
  capture: (path: readonly string[]) => boolean;
  /** A captured element, closed; `path` is its path. May be async: reading waits for it. */
  onNode: (node: XmlNode, path: readonly string[]) => void | Promise<void>;
  /** Any element opening (for attributes such as СодержитТолькоИзменения). */
  onOpen?: (name: string, attrs: Record<string, string>, path: readonly string[]) => void;
}

const CHUNK = 256 * 1024;

/** Reads the encoding from a BOM or the XML declaration of the first bytes; default UTF-8. */
function sniffEncoding(head: Uint8Array): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  const decl = Buffer.from(head.subarray(0, 200)).toString('latin1');
  const m = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9_.:-]+)["']/.exec(decl);
  return m?.[1]?.toLowerCase() ?? 'utf-8';
}

/**
 * Reads an XML file as a stream.
 * @throws ImportError "Ошибка XML в строке N: …" for malformed XML (the line of the error), or
 *   "Не удалось прочитать файл …" for an unreadable file; errors thrown by `onNode` pass through.
 */
export async function readXml(file: string, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const path: string[] = [];
  const stack: XmlNode[] = [];
  let capturedDepth = -1;
  const ready: { node: XmlNode; path: string[] }[] = [];
  let error: ImportError | null = null;

  parser.on('error', (e) => {
    error ??= new ImportError(
      `Ошибка XML в строке ${parser.line}, столбец ${parser.column}: ${e.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '')}`,
      parser.line,
    );
    throw error;
  });
  parser.on('opentag', (tag) => {
    path.push(tag.name);
    const attrs = tag.attributes as Record<string, string>;
    handlers.onOpen?.(tag.name, attrs, path);
    if (capturedDepth < 0 && handlers.capture(path)) capturedDepth = path.length;
    if (capturedDepth >= 0) {
      const node: XmlNode = { name: tag.name, attrs, children: [], text: '' };
      stack.at(-1)?.children.push(node);
      stack.push(node);
    }
  });
  const onText = (t: string) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (capturedDepth >= 0) {
      const node = stack.pop()!;
      if (path.length === capturedDepth) {
        ready.push({ node, path: [...path] });
        capturedDepth = -1;
      }
    }
    path.pop();
  });

  let decoder: TextDecoder | null = null;
  let stream;
  try {
    stream = createReadStream(file, { highWaterMark: CHUNK });
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (!decoder) {
        const encoding = sniffEncoding(chunk);
        try {
          decoder = new TextDecoder(encoding);
        } catch {
          throw new ImportError(`Неизвестная кодировка файла: ${encoding}`);
        }
      }
      write(parser, decoder.decode(chunk, { stream: true }), () => error);
      for (const item of ready.splice(0)) await handlers.onNode(item.node, item.path);
    }
    write(parser, decoder?.decode() ?? '', () => error);
    try {
      parser.close();
    } catch (e) {
      throw error ?? e;
    }
    if (!decoder) throw new ImportError('Файл пуст');
    for (const item of ready.splice(0)) await handlers.onNode(item.node, item.path);
  } catch (e) {
    stream?.destroy();
    if (e instanceof ImportError) throw e;
    if (
      e &&
      typeof e === 'object' &&
      'code' in e &&
      typeof (e as { code: unknown }).code === 'string' &&
      /^E[A-Z]+$/.test((e as { code: string }).code)
    ) {
      throw new ImportError(`Не удалось прочитать файл: ${(e as unknown as Error).message}`);
    }
    throw e;
  }
}

function write(parser: SaxesParser, text: string, err: () => ImportError | null) {
  if (!text) return;
  try {
    parser.write(text);
  } catch (e) {
    throw err() ?? e;
  }
}

/**
 * Checks that a file is well-formed XML without keeping anything (the first pass of an import,
 * so malformed XML changes nothing).
 * @throws ImportError naming the line, as {@link readXml}.
 */
export async function checkXml(file: string): Promise<void> {
  await readXml(file, { capture: () => false, onNode: () => undefined });
}

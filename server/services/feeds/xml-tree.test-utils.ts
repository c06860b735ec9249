/**
 * Test helper: parses a feed with saxes (a strict, non-validating XML 1.0 parser from npm) into a
 * small element tree, so tests read what Yandex's and Google's fetchers would read. Any
 * well-formedness error (a bad character, an unescaped `&`, a broken tag) throws.
 */
import { SaxesParser } from 'saxes';

/** An element: name, attributes, child elements and its own text (concatenated). */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** Parses `xml`; throws the parser's error (with line and column) on malformed input. */
export function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: false });
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const node: XmlNode = {
      name: tag.name,
      attrs: { ...(tag.attributes as Record<string, string>) },
      children: [],
      text: '',
    };
    stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('text', (text) => {
    stack[stack.length - 1]!.text += text;
  });
  parser.on('cdata', (text) => {
    stack[stack.length - 1]!.text += text;
  });
  parser.write(xml).close();
  if (failure) throw failure;
  const [doc] = root.children;
  if (!doc) throw new Error('empty document');
  return doc;
}

/** Child elements named `name`. */
export function all(node: XmlNode, name: string): XmlNode[] {
  return node.children.filter((c) => c.name === name);
}

/** The first child element named `name`; throws when there is none. */
export function one(node: XmlNode, name: string): XmlNode {
  const found = node.children.find((c) => c.name === name);
  if (!found) throw new Error(`<${node.name}> has no <${name}>`);
  return found;
}

/** Text of the first child named `name`, or undefined. */
export function textOf(node: XmlNode, name: string): string | undefined {
  return node.children.find((c) => c.name === name)?.text;
}

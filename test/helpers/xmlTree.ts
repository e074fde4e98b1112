/** An element of a parsed XML document. */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  readonly text: string;
}

const NAME = /^[A-Za-z_:][A-Za-z0-9_:.-]*/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
// Characters XML 1.0 allows (§2.2), as a test of the whole text.
const CHARS = /^[\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;

const decode = (raw: string, at: number): string => {
  if (raw.includes('<')) throw new Error(`a raw < in character data near offset ${at}`);
  return raw.replace(/&([^;]*);|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) throw new Error(`a raw & near offset ${at}`);
    if (/^#x[0-9A-Fa-f]+$/.test(ref)) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (/^#\d+$/.test(ref)) return String.fromCodePoint(Number(ref.slice(1)));
    const named = ENTITIES[ref];
    if (named === undefined) throw new Error(`unknown entity ${whole} near offset ${at}`);
    return named;
  });
};

/**
 * A strict parser for the XML a reporter writes (XML 1.0 without DTDs): one root element after
 * an optional declaration, attributes quoted and unique, tags balanced, `<` and `&` only as markup.
 * Anything else throws, as a CI system's parser would refuse it.
 */
export const parseXml = (xml: string): XmlElement => {
  if (!CHARS.test(xml)) throw new Error('a character XML 1.0 does not allow');
  let i = 0;
  const skipSpace = (): void => {
    while (i < xml.length && /\s/.test(xml[i]!)) i++;
  };
  const expect = (text: string): void => {
    if (!xml.startsWith(text, i)) throw new Error(`expected ${JSON.stringify(text)} at offset ${i}, found ${JSON.stringify(xml.slice(i, i + 20))}`);
    i += text.length;
  };
  const name = (): string => {
    const found = NAME.exec(xml.slice(i, i + 200));
    if (found === null) throw new Error(`expected a name at offset ${i}`);
    i += found[0].length;
    return found[0];
  };
  const element = (): XmlElement => {
    expect('<');
    const tag = name();
    const attributes: Record<string, string> = {};
    for (;;) {
      const before = i;
      skipSpace();
      if (xml.startsWith('/>', i) || xml.startsWith('>', i)) break;
      if (i === before) throw new Error(`expected a space before an attribute at offset ${i}`);
      const key = name();
      if (Object.hasOwn(attributes, key)) throw new Error(`attribute ${key} twice on <${tag}>`);
      expect('=');
      const quote = xml[i];
      if (quote !== '"' && quote !== "'") throw new Error(`attribute ${key} is not quoted at offset ${i}`);
      const end = xml.indexOf(quote, i + 1);
      if (end < 0) throw new Error(`attribute ${key} never ends`);
      attributes[key] = decode(xml.slice(i + 1, end), i);
      i = end + 1;
    }
    if (xml.startsWith('/>', i)) {
      i += 2;
      return { name: tag, attributes, children: [], text: '' };
    }
    expect('>');
    const children: XmlElement[] = [];
    let text = '';
    for (;;) {
      const next = xml.indexOf('<', i);
      if (next < 0) throw new Error(`<${tag}> is never closed`);
      text += decode(xml.slice(i, next), i);
      i = next;
      if (xml.startsWith('</', i)) {
        i += 2;
        const closing = name();
        if (closing !== tag) throw new Error(`</${closing}> closes <${tag}> at offset ${i}`);
        skipSpace();
        expect('>');
        return { name: tag, attributes, children, text };
      }
      if (xml.startsWith('<!--', i)) {
        const end = xml.indexOf('-->', i);
        if (end < 0) throw new Error('a comment never ends');
        i = end + 3;
      } else if (xml.startsWith('<![CDATA[', i)) {
        const end = xml.indexOf(']]>', i);
        if (end < 0) throw new Error('a CDATA section never ends');
        text += xml.slice(i + 9, end);
        i = end + 3;
      } else {
        children.push(element());
      }
    }
  };
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    if (end < 0) throw new Error('the XML declaration never ends');
    i = end + 2;
  }
  skipSpace();
  const root = element();
  skipSpace();
  if (i !== xml.length) throw new Error(`content after the root element at offset ${i}`);
  return root;
};

/** Every element below (and including) `root` with the given name, in document order. */
export const elementsNamed = (root: XmlElement, name: string): XmlElement[] => [
  ...(root.name === name ? [root] : []),
  ...root.children.flatMap((child) => elementsNamed(child, name)),
];

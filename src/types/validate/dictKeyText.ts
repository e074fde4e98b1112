import { formatPyFloat } from '../../python/formatPyFloat.js';
import { pyNumberText } from '../../python/pyNumberText.js';
import { PyFloat } from '../../json/pyJson.js';
import { RawBytes, bytesText } from './rawBytes.js';

/**
 * The string a dumped dict key becomes in JSON mode, as pydantic writes it: a string as it is,
 * an int's digits, a float's repr, `true`/`false`, `None` for null, bytes as UTF-8 text, and a
 * tuple's items joined by commas.
 */
export const dictKeyText = (key: unknown): string => {
  if (key === null) return 'None';
  switch (typeof key) {
    case 'string':
      return key;
    case 'boolean':
      return key ? 'true' : 'false';
    case 'bigint':
      return key.toString();
    case 'number':
      return pyNumberText(key);
    default:
      if (key instanceof PyFloat) return formatPyFloat(key.value);
      if (key instanceof RawBytes) return bytesText(key.data);
      if (Array.isArray(key)) return key.map(dictKeyText).join(',');
      return String(key);
  }
};

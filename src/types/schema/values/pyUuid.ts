/** `str(uuid.UUID(text))`: braces, a `urn:uuid:` prefix and hyphens are accepted; undefined when Python refuses. */
export const formatPyUuid = (text: string): string | undefined => {
  const hex = text.replace(/^urn:uuid:/, '').replace(/^\{|\}$/g, '').replaceAll('-', '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

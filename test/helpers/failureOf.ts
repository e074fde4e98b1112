/** What `work` rejects with, as the kind, message and path a test compares; throws when it resolves. */
export const failureOf = async (work: Promise<unknown>): Promise<{ kind: string; message: string; path?: string }> => {
  try {
    await work;
  } catch (error) {
    const e = error as { kind: string; message: string; path?: string };
    return { kind: e.kind, message: e.message, path: e.path };
  }
  throw new Error('no error');
};

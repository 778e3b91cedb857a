// The error a promise rejects with, failing the test when it resolves instead: for asserting on the error itself
// (its class, message, cause), which `expect(...).rejects` does not hand back.
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

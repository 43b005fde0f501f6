/** The message `fn` throws; fails the test when it returns instead. */
export function thrownMessage(fn: () => unknown): string {
	try {
		fn();
	} catch (error) {
		return (error as Error).message;
	}
	throw new Error('expected the call to throw');
}

// Every error the simulator throws, in one module, on the package's convention
// (integration/src/errors/errors.ts): one root, a name per class, a stable `code` that tells an
// error apart where `instanceof` cannot (another copy of this module), and a message that says the
// fix. Settings out of range are `RangeError`s as the package's options errors are `AstroError`s:
// the platform's own kind, which callers already catch.

/** Root of the simulator's own errors. */
export class SimulatorError extends Error {
	override name = 'SimulatorError';
	readonly code: string = 'SIMULATOR_ERROR';
}

/** A request the control API refuses, with the status and a message that says what to send instead. */
export class ControlError extends SimulatorError {
	override name = 'ControlError';
	override readonly code: string = 'SIMULATOR_CONTROL';

	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

/** A product ref already in the store: refs stay one-to-one (409 over the control API). */
export class DuplicateRefError extends SimulatorError {
	override name = 'DuplicateRefError';
	override readonly code: string = 'SIMULATOR_DUPLICATE_REF';
}

/** Wrong command-line arguments to `audio-reviews-simulator` (exit code 2). */
export class SimulatorUsageError extends SimulatorError {
	override name = 'SimulatorUsageError';
	override readonly code: string = 'SIMULATOR_USAGE';
}

/** A setting (option, fault rate, long-tail share) outside its range (400 over the control API). */
export class SimulatorSettingError extends RangeError {
	override name = 'SimulatorSettingError';
	readonly code: string = 'SIMULATOR_SETTING';
}

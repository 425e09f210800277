// What file analysis learns about stored bytes (DOMAIN §2.23, §3.9).

export type FileMetaInfo = {
  fileSize: number;
  mime: string;
  width?: number;
  height?: number;
  /** Seconds, for audio and video whose container tells it. */
  duration?: number;
};

/**
 * Why analysis failed, for display: `wrong-type` the content is not what the file name says (a
 * `.png` holding text), `damaged` the format is known but its reader gives up (a cut PNG),
 * `invalid-json` a `.json` file that does not parse, `timeout` longer than the limit.
 */
export type AnalysisFailure = 'wrong-type' | 'damaged' | 'invalid-json' | 'timeout';

/** The bytes could not be analysed (corrupt, lying about their type, too slow): the file gets status 3. */
export class AnalysisError extends Error {
  readonly failure: AnalysisFailure;

  constructor(message: string, failure: AnalysisFailure = 'damaged') {
    super(message);
    this.name = 'AnalysisError';
    this.failure = failure;
  }
}

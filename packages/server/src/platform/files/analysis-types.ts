// What file analysis learns about stored bytes (DOMAIN §2.23, §3.9).

export type FileMetaInfo = {
  fileSize: number;
  mime: string;
  width?: number;
  height?: number;
  /** Seconds, for audio and video whose container tells it. */
  duration?: number;
};

/** The bytes could not be analysed (corrupt, lying about their type, too slow): the file gets status 3. */
export class AnalysisError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisError';
  }
}

/** The few calls of s3rver (an S3 API server for Node, no types of its own) the tests use. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      directory: string;
      silent?: boolean;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

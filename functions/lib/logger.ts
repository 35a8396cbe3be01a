import { Logger } from '@aws-lambda-powertools/logger';

/** One structured logger for every Lambda; the request id is appended per invocation. */
export const logger = new Logger({
  serviceName: 'wellbeing',
  logLevel: (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
});

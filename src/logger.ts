import winston from 'winston';

/** JSON lines on stdout; LOG_LEVEL=silent (the tests) turns logging off. */
export function createLogger(level = process.env.LOG_LEVEL || 'info'): winston.Logger {
  return winston.createLogger({
    level: level === 'silent' ? 'error' : level,
    silent: level === 'silent',
    format: winston.format.combine(winston.format.timestamp(), winston.format.json()),
    transports: [new winston.transports.Console()],
  });
}

export type Logger = winston.Logger;

import { AppError } from '../common/errors/app-error';

/** No job with this id for this key (another key's job is not found either). */
export class JobNotFoundError extends AppError {
  constructor() {
    super('not_found', 'No such job for this key', { cCode: 'NOT_FOUND' });
  }
}

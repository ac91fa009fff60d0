import { AppError } from '../../common/errors/app-error';

/** No conversation with this id for this key (another key's conversations are not revealed). */
export class ConversationNotFoundError extends AppError {
  constructor(id: string) {
    super('not_found', 'Conversation not found', { details: { field: 'conversation_id', value: id } });
  }
}

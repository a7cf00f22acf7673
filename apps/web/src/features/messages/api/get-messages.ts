import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export interface MessageFilters {
  carrier: string;
  /** '' every message, '1' picked up, '0' not picked up. */
  is_pickup: '' | '0' | '1';
  /** 'YYYY-MM-DD' or '' (no bound); both bounds inclusive. */
  start_time: string;
  end_time: string;
}

export interface MessagesPage extends MessageFilters {
  start: number;
  num: number;
}

/** POST getUserMessage (JSON): a page of the user's messages, newest first, filtered. */
export const getMessages = (userId: number, page: MessagesPage) =>
  request('getUserMessageCall', {
    user_id: userId,
    start: page.start,
    num: page.num,
    carrier: page.carrier || undefined,
    is_pickup: page.is_pickup,
    start_time: page.start_time || undefined,
    end_time: page.end_time || undefined,
  });

export const getMessagesQueryOptions = (userId: number, page?: MessagesPage) =>
  queryOptions({
    queryKey: page ? ['messages', userId, page] : ['messages', userId],
    queryFn: () =>
      getMessages(userId, page ?? { start: 0, num: 10, carrier: '', is_pickup: '', start_time: '', end_time: '' }),
    placeholderData: keepPreviousData,
  });

export const useMessages = (userId: number, page: MessagesPage) => useQuery(getMessagesQueryOptions(userId, page));

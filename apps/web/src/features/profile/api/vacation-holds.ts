import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET /app/v1/vacationHolds: the holds not yet over, soonest first, and today (Pacific) (issue 22 item 2). */
export const useVacationHolds = () =>
  useQuery({ queryKey: ['vacation-holds'], queryFn: () => request('getVacationHoldsCall', {}) });

/** POST /app/v1/vacationHolds/save (form): a new hold, or one not begun changed (its id). */
export function useSaveVacationHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id?: number; startDate: string; endDate: string }) => request('saveVacationHoldCall', body),
    meta: { handlesServiceFailure: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vacation-holds'] }),
  });
}

/** POST /app/v1/vacationHolds/cancel (form) {id}: the dashboard's held packages change too. */
export function useCancelVacationHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('cancelVacationHoldCall', { id }),
    meta: { handlesServiceFailure: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['vacation-holds'] });
      await queryClient.invalidateQueries({ queryKey: ['unpickups'] });
    },
  });
}

import { API_ERRORCODE, appleWalletPassCall, MESSAGES, PROFILE_MESSAGES, WALLET_PASS_ERRORCODE } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { enqueueJob } from '../../modules/jobs/jobs.js';
import {
  buildWalletPass,
  createWalletPassLink,
  redeemWalletPassLink,
  WALLET_DOWNLOAD_PATH,
} from '../../modules/wallet/wallet.service.js';
import { refuseCrossSite } from './cross-site.js';
import { defineCall, signedInAccount } from './define-call.js';

const failed = { errorcode: WALLET_PASS_ERRORCODE.failed, message: PROFILE_MESSAGES.walletFailure, data: '' } as const;

const downloadQuery = z.object({
  token: z.string().regex(/^[\w-]{43}$/),
  expires: z.coerce.number<string>().int().positive(),
  signature: z.string().regex(/^[\w-]{43}$/),
});

/** The Apple Wallet pass of /parent/boxid (spec 03 §2, §4): a download link on Apple systems, a mail elsewhere. */
export default async function walletRoutes(app: FastifyInstance) {
  // Throttled per address and per account: each call signs a pass, and on win sends a mail.
  defineCall(app, appleWalletPassCall, { throttled: true, budget: { name: 'walletPasses' }, account: true }).handle(async (input, request) => {
    const user = signedInAccount(request);
    refuseCrossSite(request);
    try {
      const pass = await buildWalletPass(app, user);
      if (input.OS === 'mac') {
        const link = await createWalletPassLink(app, user.user_id, pass);
        return { errorcode: WALLET_PASS_ERRORCODE.ok, message: PROFILE_MESSAGES.walletSuccess, data: link };
      }
      // The mail job builds the pass again when it sends, so that no queued job holds the
      // locker's QR code; this one only proves now that a pass can be made.
      await enqueueJob(app.db, app.config.clock(), 'wallet-pass-mail', { userId: user.user_id });
      return { errorcode: WALLET_PASS_ERRORCODE.ok, message: PROFILE_MESSAGES.walletSuccess, data: '' };
    } catch (error) {
      request.log.error({ err: error }, 'Apple Wallet pass not generated');
      return failed;
    }
  });

  // The link is the capability (random, signed, one use, 10 minutes), so no session is needed:
  // the browser downloads it as a file.
  app.get(
    WALLET_DOWNLOAD_PATH,
    { schema: { querystring: downloadQuery, hide: true } },
    async (request, reply) => {
      const query = request.query as z.output<typeof downloadQuery>;
      const taken = await redeemWalletPassLink(app, query);
      if (!taken) throw new AppError(404, API_ERRORCODE.notFound, MESSAGES.linkInvalid);
      return reply
        .header('content-type', taken.contentType)
        .header('content-disposition', 'attachment; filename="airbox.pkpass"')
        .send(taken.pass);
    },
  );
}

import type {
  DeleteProfileBody,
  FounderProfile,
  InvestorInfo,
  InvestorInfoBody,
  Sector,
  Stage,
  UpdateFounderProfileBody,
} from '@deckvalid/contract/accounts';
import type { UploadTicket, UploadTicketQuery } from '@deckvalid/contract/uploads';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { verifyPassword } from '@/modules/auth/password';
import type { SessionsService } from '@/modules/auth/sessions.service';
import type { UploadsService } from '@/modules/storage/uploads.service';
import type { Account, AccountsRepository, InvestorInfoRecord } from './accounts.repository';

/** What investors may see of a founder's profile (the company page): no email, nothing private. */
export type FounderPublicProfile = {
  id: string;
  name: string;
  headline: string | null;
  bio: string | null;
  company: string | null;
  location: string | null;
  website: string | null;
  pictureUrl: string | null;
};

/** An account's address and name, as a mail to it needs them. */
export type AccountContact = { id: string; email: string; name: string };

const accountGone = () => new AppError('UNAUTHORIZED', 'Your account no longer exists. Sign in again.');

/** The founder profile and the investor info; each account reads and writes only its own. */
export class AccountsService {
  constructor(
    private readonly repo: AccountsRepository,
    private readonly auth: SessionsService,
    private readonly uploads: UploadsService,
  ) {}

  async getProfile(principal: Principal): Promise<FounderProfile> {
    const account = await this.repo.findById(principal.accountId);
    if (!account) throw accountGone();
    return this.toProfile(account);
  }

  /** GET /api/users/profile/picture/upload: a signed URL for a PNG, JPEG or WebP picture. */
  pictureUploadTicket(principal: Principal, query: UploadTicketQuery): Promise<UploadTicket> {
    return this.uploads.issueTicket(principal, 'picture', query);
  }

  /** PUT /api/users/profile/picture: makes an uploaded picture the profile's; the old one is deleted. */
  async setPicture(principal: Principal, key: string): Promise<FounderProfile> {
    await this.uploads.checkUploaded(principal, 'picture', key);
    const previous = await this.repo.findById(principal.accountId);
    if (!previous) throw accountGone();
    const account = await this.repo.updatePictureKey(principal.accountId, key);
    if (!account) throw accountGone();
    if (previous.pictureKey && previous.pictureKey !== key) await this.uploads.forget(previous.pictureKey);
    return this.toProfile(account);
  }

  async updateProfile(principal: Principal, body: UpdateFounderProfileBody): Promise<FounderProfile> {
    const account = await this.repo.updateProfile(principal.accountId, body);
    if (!account) throw accountGone();
    // Sessions cache the name that `me` answers.
    if (body.name !== undefined) this.auth.forgetAccount(principal.accountId);
    return this.toProfile(account);
  }

  /** Deletes the account after the password is proven again; all its sessions end with it. */
  async deleteProfile(principal: Principal, body: DeleteProfileBody): Promise<void> {
    const account = await this.repo.findById(principal.accountId);
    if (!account) throw accountGone();
    if (!(await verifyPassword(account.passwordHash, body.password))) {
      const message = 'Your password is not correct.';
      throw new AppError('VALIDATION_FAILED', message, { fields: [{ path: 'password', message }] });
    }
    await this.repo.deleteById(account.id);
    this.auth.endSessionsOfDeletedAccount(account.id);
    // Its decks' rows went with the account; their files, its picture and unused uploads go now.
    await this.uploads.forgetAllOf(account.id);
  }

  private async toProfile(account: Account): Promise<FounderProfile> {
    return {
      id: account.id,
      name: account.name,
      email: account.email,
      headline: account.headline,
      bio: account.bio,
      company: account.company,
      location: account.location,
      website: account.website,
      pictureUrl: account.pictureKey ? await this.uploads.downloadUrl(account.pictureKey) : null,
      createdAt: account.createdAt.toISOString(),
    };
  }

  /**
   * Where to reach an account and what to call it, for mail other modules send it
   * (notifications); undefined once the account is deleted. Checks no principal.
   */
  async findContact(accountId: string): Promise<AccountContact | undefined> {
    const account = await this.repo.findById(accountId);
    return account ? { id: account.id, email: account.email, name: account.name } : undefined;
  }

  /**
   * A founder's public profile, with a signed address of their picture; undefined for an unknown
   * or deleted account and for any account that is not a founder's. Checks no principal: the
   * caller decides who may see it (the company page shows it to investors).
   */
  async findFounderPublicProfile(accountId: string): Promise<FounderPublicProfile | undefined> {
    const account = await this.repo.findById(accountId);
    if (account?.role !== 'user') return undefined;
    return {
      id: account.id,
      name: account.name,
      headline: account.headline,
      bio: account.bio,
      company: account.company,
      location: account.location,
      website: account.website,
      pictureUrl: account.pictureKey ? await this.uploads.downloadUrl(account.pictureKey) : null,
    };
  }

  async getInvestorInfo(principal: Principal): Promise<InvestorInfo | null> {
    const row = await this.repo.findInvestorInfo(principal.accountId);
    return row ? toInvestorInfo(row) : null;
  }

  async createInvestorInfo(principal: Principal, body: InvestorInfoBody): Promise<InvestorInfo> {
    const row = await this.repo.insertInvestorInfo(principal.accountId, body);
    if (!row) throw new AppError('CONFLICT', 'Your investor info already exists; update it instead.');
    return toInvestorInfo(row);
  }

  async updateInvestorInfo(principal: Principal, body: InvestorInfoBody): Promise<InvestorInfo> {
    const row = await this.repo.updateInvestorInfo(principal.accountId, body);
    if (!row) throw new AppError('NOT_FOUND', 'You have no investor info yet; create it first.');
    return toInvestorInfo(row);
  }
}

function toInvestorInfo(row: InvestorInfoRecord): InvestorInfo {
  return {
    investorId: row.investorId,
    firm: row.firm,
    title: row.title,
    thesis: row.thesis,
    sectors: row.sectors as Sector[],
    stages: row.stages as Stage[],
    chequeSizeMin: row.chequeSizeMin,
    chequeSizeMax: row.chequeSizeMax,
    location: row.location,
    website: row.website,
    places: row.places,
    updatedAt: row.updatedAt.toISOString(),
  };
}

import { dataRoomLimits } from '@deckvalid/contract/datarooms';
import { describe, expect, it } from 'vitest';
import { checkRoomFile } from './data-room-uploads';

describe('a file dropped into a data room', () => {
  it('may go when it is a PDF within the limit, also when the browser gives no type', () => {
    expect(checkRoomFile({ name: 'cap.pdf', size: 1000, type: 'application/pdf' })).toBeNull();
    expect(checkRoomFile({ name: 'Cap.PDF', size: 1000, type: '' })).toBeNull();
  });

  it('is refused over the contract’s limit, naming the file, its size and the limit', () => {
    expect(checkRoomFile({ name: 'scan.pdf', size: dataRoomLimits.fileBytes + 1, type: 'application/pdf' })).toBe(
      '“scan.pdf” is 50.1 MB; a data room file can be at most 50 MB.',
    );
  });

  it('may be a spreadsheet, a document or an image too, also a CSV that Windows calls an Excel file', () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    expect(checkRoomFile({ name: 'model.xlsx', size: 1000, type: xlsx })).toBeNull();
    expect(checkRoomFile({ name: 'cap.csv', size: 1000, type: 'application/vnd.ms-excel' })).toBeNull();
    expect(checkRoomFile({ name: 'contract.docx', size: 1000, type: '' })).toBeNull();
  });

  it('is refused when it is another type, or empty', () => {
    expect(checkRoomFile({ name: 'tool.exe', size: 1000, type: 'application/x-msdownload' })).toMatch(
      /^“tool.exe” is not a type a data room takes: PDFs, spreadsheets/,
    );
    expect(checkRoomFile({ name: 'blank.pdf', size: 0, type: 'application/pdf' })).toBe('“blank.pdf” is empty.');
  });
});

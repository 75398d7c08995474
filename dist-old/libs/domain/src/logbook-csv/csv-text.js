"use strict";
/**
 * RFC 4180 text: comma-separated cells, CRLF between records, a cell in double quotes when it holds a
 * comma, a quote, a line break or spaces at either end (quotes inside doubled).
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.csvCell = csvCell;
exports.csvRecord = csvRecord;
exports.readCsvRecords = readCsvRecords;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
function csvCell(value) {
    return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
function csvRecord(cells) {
    return cells.map(csvCell).join(',');
}
/**
 * Splits CSV text into records. Accepts CRLF or LF line ends, a byte-order mark at the start, and
 * skips blank lines. An unterminated quoted cell is an error at the line it opened on.
 */
function readCsvRecords(text) {
    const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
    const records = [];
    let cells = [];
    let cell = '';
    let line = 1;
    let recordLine = 1;
    let quoted = false;
    let quoteLine = 0;
    let touched = false;
    const endRecord = () => {
        if (touched || cells.length > 0)
            records.push({ line: recordLine, cells: [...cells, cell] });
        cells = [];
        cell = '';
        touched = false;
    };
    for (let i = 0; i < source.length; i++) {
        const ch = source[i];
        if (quoted) {
            if (ch === '"' && source[i + 1] === '"') {
                cell += '"';
                i++;
            }
            else if (ch === '"')
                quoted = false;
            else {
                if (ch === '\n')
                    line++;
                cell += ch;
            }
        }
        else if (ch === '"' && cell === '') {
            quoted = true;
            quoteLine = line;
            touched = true;
        }
        else if (ch === ',') {
            cells.push(cell);
            cell = '';
            touched = true;
        }
        else if (ch === '\n' || ch === '\r') {
            if (ch === '\r' && source[i + 1] === '\n')
                i++;
            endRecord();
            line++;
            recordLine = line;
        }
        else {
            cell += ch;
            touched = true;
        }
    }
    if (quoted)
        return { records, error: { line: quoteLine, message: 'a quoted cell is never closed' } };
    endRecord();
    return { records };
}
//# sourceMappingURL=csv-text.js.map
/**
 * A form sent before the page's scripts run (a slow phone, the first page of a visit) would go the
 * browser's own way: a GET of the same address with every field in the query, a password included,
 * and what was typed lost with the reload. This script, written into the document before any form,
 * holds such a submit back; once the page runs, `EarlySubmits` (early-submits.tsx) hands it to the form's own handler.
 */
export const EARLY_SUBMITS_SCRIPT =
  "(function(w,d){w.__earlySubmits=[];d.addEventListener('submit',function(e){if(w.__pageRuns)return;" +
  'e.preventDefault();var q=w.__earlySubmits,f=e.target;for(var i=0;i<q.length;i++)if(q[i].form===f)q.splice(i--,1);' +
  "q.push({form:f,submitter:e.submitter||null});f.setAttribute('aria-busy','true')},true)})(window,document);";

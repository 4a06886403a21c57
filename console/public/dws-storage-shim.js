// Embedded in a third-party site (the c/comp widget), browsers that block third-party storage
// (private windows, strict modes) throw on localStorage/sessionStorage: use memory instead.
// Loaded first by both console builds (.umirc.ts headScripts, scripts/build-answer.mjs) as a
// file: the Content-Security-Policy allows no inline script.
(function(){function m(){var d=new Map();return{get length(){return d.size},key:function(i){var k=Array.from(d.keys())[i];return k===undefined?null:k},getItem:function(k){k=String(k);return d.has(k)?d.get(k):null},setItem:function(k,v){d.set(String(k),String(v))},removeItem:function(k){d.delete(String(k))},clear:function(){d.clear()}}}['localStorage','sessionStorage'].forEach(function(n){try{window[n].getItem('dws')}catch(e){try{Object.defineProperty(window,n,{value:m(),configurable:true})}catch(e2){}}})})();
